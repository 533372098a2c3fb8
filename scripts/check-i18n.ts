/**
 * Fails (exit 1) when
 * - a component renders a literal text a member reads: JSX text, a visible attribute (aria-label, title,
 *   placeholder, alt, label…), a string in a JSX expression, a toast's or a document title's text; or
 * - a key is built from parts (`badges.${type}.name`), which the build's short ids cannot follow; or
 * - a catalogue misses a key the English one has (or has one English does not), or a message's arguments differ
 *   from English's, or a message does not parse.
 * `npm run build` and `npm test` run it. `--show <folder>` checks the components under one folder only.
 * `--write` regenerates the keys the type check holds code to, from the English files: the web's
 * (src/web/lib/i18n/message-keys.gen.ts, the keys `t()` accepts), the shared texts' and the server's, each key with
 * the values its message takes (src/shared/messages/shared-texts.gen.ts, src/server/messages/server-texts.gen.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { languages } from '#shared/language.ts';
import {
  type Catalogue,
  compileCatalogue,
  readCatalogue,
  SERVER_MESSAGES,
  SHARED_MESSAGES,
} from './message-catalogues.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'src/web');
const KEY_TYPES_FILE = path.join(WEB, 'lib/i18n/message-keys.gen.ts');
/** The shared texts' and the server's keys, with their values, beside their catalogues. */
const TEXT_TYPES = [
  { folder: SHARED_MESSAGES, file: 'shared-texts.gen.ts', name: 'SharedTexts', what: 'shared text' },
  { folder: SERVER_MESSAGES, file: 'server-texts.gen.ts', name: 'ServerTexts', what: 'server text' },
];

/** Attributes a member reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'heading',
  'message',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);
/** Calls whose first argument a member reads. */
const VISIBLE_CALLS = new Set(['toast', 'toast.error', 'toast.success', 'toast.info', 'useDocumentTitle']);
/** Names and marks that read the same in every language. */
const UNTRANSLATED = new Set([
  'Lumara',
  'Suno',
  'YouTube',
  'OpenRouter',
  'Straico',
  'fal',
  'fal.ai',
  'Google',
  'English',
  'Español',
  'DOI',
  'Ctrl',
  'Esc',
  'Tab',
  'Enter',
  'Shift',
]);

type Finding = { file: string; line: number; text: string };

function hasWords(text: string): boolean {
  const words = text.match(/[\p{L}][\p{L}.'’-]*/gu) ?? [];
  return words.some((word) => !UNTRANSLATED.has(word));
}

function literalTexts(node: ts.Node): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isConditionalExpression(node))
    return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    if (
      kind === ts.SyntaxKind.QuestionQuestionToken ||
      kind === ts.SyntaxKind.BarBarToken ||
      kind === ts.SyntaxKind.AmpersandAmpersandToken
    ) {
      return kind === ts.SyntaxKind.AmpersandAmpersandToken
        ? literalTexts(node.right)
        : [...literalTexts(node.left), ...literalTexts(node.right)];
    }
    if (kind === ts.SyntaxKind.PlusToken) return [node];
  }
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  return [];
}

function textOf(node: ts.Node, source: ts.SourceFile): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  if (ts.isBinaryExpression(node)) {
    return [node.left, node.right]
      .filter((part) => ts.isStringLiteral(part) || ts.isNoSubstitutionTemplateLiteral(part))
      .map((part) => textOf(part, source))
      .join(' ');
  }
  return node.getText(source);
}

export function findLiterals(file: string, code: string): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!hasWords(text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' ').slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of literalTexts(node.expression)) report(literal, textOf(literal, source));
    } else if (
      ts.isJsxAttribute(node) &&
      node.initializer &&
      VISIBLE_ATTRIBUTES.has(node.name.getText(source))
    ) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value) for (const literal of literalTexts(value)) report(literal, textOf(literal, source));
    } else if (ts.isCallExpression(node) && VISIBLE_CALLS.has(node.expression.getText(source))) {
      const [first] = node.arguments;
      if (first) for (const literal of literalTexts(first)) report(literal, textOf(literal, source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/**
 * Keys built from parts (`badges.${type}.name`): the build turns each whole key into a short id, so a key must be
 * written whole where it is used (a map from the type to its keys).
 */
export function findBuiltKeys(file: string, code: string, keys: readonly string[]): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node)) {
      const head = node.head.text;
      if (/^[a-z][\w-]*\./.test(head) && keys.some((key) => key.startsWith(head))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        findings.push({ file, line: line + 1, text: node.getText(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Every source file of the web app but tests, components and modules alike. */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The argument names of a compiled message: a message is a text or a list of texts and arguments; an argument is
 * `[name]` or `[name, type, branches]`, each branch (a plural's `one`, `other`…) a message again.
 */
export function argumentsOf(message: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return into;
  for (const part of message) {
    if (!Array.isArray(part)) continue;
    const [name, , branches] = part as [string, string?, Record<string, unknown>?];
    into.add(name);
    if (branches && typeof branches === 'object') {
      for (const branch of Object.values(branches)) argumentsOf(branch, into);
    }
  }
  return into;
}

/** The generated list of keys the type check holds `t()` to: English's, as English is the list. */
function keyTypesSource(keys: string[]): string {
  const union = keys
    .sort()
    .map((key) => `  | '${key}'`)
    .join('\n');
  return `// Generated by scripts/check-i18n.ts --write from the English catalogues; do not edit.\n\n/** Every key of the interface's texts. */\nexport type MessageKey =\n${union || '  never'};\n`;
}

/**
 * What each argument of a compiled message takes: a number for a plural, a text for a select (its cases, and any
 * text when it has `other`), either for a plain `{name}`.
 */
export function argumentTypes(message: unknown, into = new Map<string, string>()): Map<string, string> {
  if (!Array.isArray(message)) return into;
  for (const part of message) {
    if (!Array.isArray(part)) continue;
    const [name, type, branches] = part as [string, string?, Record<string, unknown>?];
    const plural = type === 'plural' || type === 'selectordinal';
    into.set(name, plural || type === 'number' ? 'number' : type === 'select' ? 'string' : 'string | number');
    if (branches && typeof branches === 'object') {
      for (const branch of Object.values(branches)) argumentTypes(branch, into);
    }
  }
  return into;
}

/** The generated type of a catalogue's keys, each with the values its message takes. */
function textTypesSource(name: string, what: string, catalogue: Catalogue): string {
  const compiled = compileCatalogue(catalogue, 'en');
  const entries = Object.keys(catalogue)
    .sort()
    .map((key) => {
      const values = [...argumentTypes(compiled[key])].sort(([a], [b]) => a.localeCompare(b));
      const type = values.length
        ? `{ ${values.map(([argument, type]) => `${argument}: ${type}`).join('; ')} }`
        : 'Record<never, never>';
      return `  '${key}': ${type};`;
    });
  return `// Generated by scripts/check-i18n.ts --write from the English catalogue beside it; do not edit.\n\n/** Every ${what}'s key, with the values its message takes. */\nexport type ${name} = {\n${entries.join('\n')}\n};\n`;
}

/** Writes a generated file with --write; else a problem when it is not what the catalogues generate. */
async function generated(file: string, source: string, problems: string[]): Promise<void> {
  if (process.argv.includes('--write')) await writeFile(file, source);
  else if ((await readFile(file, 'utf8').catch(() => '')) !== source) {
    problems.push(`${path.relative(ROOT, file)} is stale: run \`node scripts/check-i18n.ts --write\``);
  }
}

/** The catalogues' problems, and the web's English keys (none when English itself cannot be read). */
async function checkCatalogues(): Promise<{ problems: string[]; englishKeys: string[] }> {
  const problems: string[] = [];
  let english: Catalogue;
  let compiledEnglish: Record<string, unknown>;
  let englishKeys: string[];
  try {
    english = (await readCatalogue('en', 'all')).catalogue;
    compiledEnglish = compileCatalogue(english, 'en');
    englishKeys = Object.keys((await readCatalogue('en', 'web')).catalogue);
    for (const { folder, file, name, what } of TEXT_TYPES) {
      const own = JSON.parse(await readFile(path.join(folder, 'en.json'), 'utf8')) as Catalogue;
      await generated(path.join(folder, file), textTypesSource(name, what, own), problems);
    }
  } catch (error) {
    return { problems: [...problems, (error as Error).message], englishKeys: [] };
  }
  await generated(KEY_TYPES_FILE, keyTypesSource([...englishKeys]), problems);
  for (const language of languages.filter((l) => l !== 'en')) {
    let catalogue: Catalogue;
    let compiled: Record<string, unknown>;
    try {
      catalogue = (await readCatalogue(language, 'all')).catalogue;
      compiled = compileCatalogue(catalogue, language);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    for (const key of Object.keys(english)) {
      if (!(key in catalogue)) problems.push(`${language} has no message for "${key}"`);
      else if (catalogue[key]?.trim() === '') problems.push(`${language}: "${key}" is empty`);
      else {
        const expected = [...argumentsOf(compiledEnglish[key])].sort().join(', ');
        const actual = [...argumentsOf(compiled[key])].sort().join(', ');
        if (expected !== actual) {
          problems.push(`${language}: "${key}" takes {${actual}} where English takes {${expected}}`);
        }
      }
    }
    for (const key of Object.keys(catalogue)) {
      if (!(key in english)) problems.push(`${language} has "${key}", which English does not`);
    }
  }
  return { problems, englishKeys };
}

async function main() {
  const { problems, englishKeys } = await checkCatalogues();
  const showIndex = process.argv.indexOf('--show');
  const prefix = showIndex === -1 ? 'src/web' : (process.argv[showIndex + 1] ?? 'src/web');
  const files = (await sourceFiles(WEB)).filter((file) => file.startsWith(prefix));
  const components = files.filter((file) => file.endsWith('.tsx'));
  for (const file of files) {
    const code = await readFile(path.join(ROOT, file), 'utf8');
    const literals = file.endsWith('.tsx') ? findLiterals(file, code) : [];
    for (const finding of literals) {
      problems.push(
        `${finding.file}:${finding.line} renders a literal text "${finding.text}": use a message key`,
      );
    }
    for (const finding of findBuiltKeys(file, code, englishKeys)) {
      problems.push(
        `${finding.file}:${finding.line} builds a message key from parts (${finding.text}): write it whole`,
      );
    }
  }
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s) with the interface's texts (decision 0027):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `i18n: the ${components.length} components read their texts from the catalogues, complete in every language`,
  );
}

// Run as a script; imported by its test, it only lends its functions.
if (import.meta.main) await main();
