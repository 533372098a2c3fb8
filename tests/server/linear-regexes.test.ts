import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyse } from 'scslre';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No regular expression of the server or the shared code runs in super-linear time. Every regex literal and every
 * `new RegExp(…)` / `RegExp(…)` in src/server and src/shared is found in the sources and handed to scslre, which
 * finds the quantifiers a string of one repeated character makes backtrack polynomially or exponentially
 * ("Trade", "Self") and the patterns the engine retries from every position of such a string ("Move"). Any of
 * them fails the test: a model's answer, a header or a pasted link is enough to stall the event loop.
 *
 * A `new RegExp` built from same-file constants (strings, templates of them, `list.join('|')` of a constant list
 * of strings) is put together and checked like a literal. One built from anything else must be listed in
 * `BUILT_AT_RUN_TIME` with the patterns it builds, and those are checked; an unlisted one fails.
 */

const ROOTS = ['src/server', 'src/shared'];

type Pattern = { source: string; flags: string };
type Found = { where: string; pattern: Pattern } | { where: string; unreadable: string };

/** `new RegExp` calls whose pattern exists only at run time, by file and call as written, with what they build. */
// None today: texts with parts are worded by the catalogues (Lingui interpolates them), never matched.
const BUILT_AT_RUN_TIME: Record<string, () => RegExp[]> = {};

/** A value for each parameter a pattern is built from. */
type Bindings = ReadonlyMap<string, string>;

/**
 * The text of a string expression made only of literals, same-file constants and the parameters `bindings` gives a
 * value; null when it is made of anything else.
 */
function constantText(
  node: ts.Expression,
  source: ts.SourceFile,
  bindings: Bindings,
  seen = new Set<string>(),
): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
    return constantText(node.expression, source, bindings, seen);
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const part = constantText(span.expression, source, bindings, seen);
      if (part === null) return null;
      text += part + span.literal.text;
    }
    return text;
  }
  if (ts.isIdentifier(node)) {
    const bound = bindings.get(node.text);
    if (bound !== undefined) return bound;
    // A constant cannot be built from itself: the names being read on the way here are not read again.
    const initializer = seen.has(node.text) ? null : constantInitializer(node.text, source);
    return initializer ? constantText(initializer, source, bindings, new Set(seen).add(node.text)) : null;
  }
  // `LIST.join('|')`, LIST a constant array of strings.
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'join' &&
    ts.isIdentifier(node.expression.expression)
  ) {
    const separator = node.arguments[0] ? constantText(node.arguments[0], source, bindings, seen) : ',';
    let list = constantInitializer(node.expression.expression.text, source);
    while (list && (ts.isAsExpression(list) || ts.isParenthesizedExpression(list))) list = list.expression;
    if (separator === null || !list || !ts.isArrayLiteralExpression(list)) return null;
    const items = list.elements.map((element) => constantText(element, source, bindings, seen));
    return items.every((item) => item !== null) ? items.join(separator) : null;
  }
  return null;
}

/**
 * Every way to give the parameters an expression reads a value, for the parameters of enclosing functions typed as
 * string literals (`tag: 'prompt' | 'text'`): the pattern is checked as built for each.
 */
function parameterBindings(node: ts.Expression): Bindings[] {
  let all: Map<string, string>[] = [new Map()];
  const names = new Set<string>();
  const visit = (child: ts.Node) => {
    if (ts.isIdentifier(child) && !names.has(child.text)) {
      const values = literalUnionOfParameter(child);
      if (values) {
        names.add(child.text);
        all = all.flatMap((bindings) => values.map((value) => new Map(bindings).set(child.text, value)));
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return all;
}

/** The string literals a parameter of an enclosing function is typed as (`'a' | 'b'`); null otherwise. */
function literalUnionOfParameter(name: ts.Identifier): string[] | null {
  for (let scope: ts.Node | undefined = name.parent; scope; scope = scope.parent) {
    if (!ts.isFunctionLike(scope)) continue;
    const parameter = scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name.text);
    if (!parameter?.type) continue;
    const members = ts.isUnionTypeNode(parameter.type) ? parameter.type.types : [parameter.type];
    const texts = members.map((member) =>
      ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? member.literal.text : null,
    );
    return texts.every((text) => text !== null) ? texts : null;
  }
  return null;
}

/** The initializer of the file's `const name = …`. */
function constantInitializer(name: string, source: ts.SourceFile): ts.Expression | null {
  let found: ts.Expression | null = null;
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      (node.parent.flags & ts.NodeFlags.Const) !== 0
    ) {
      found = node.initializer;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every pattern a source file writes: its regex literals and its `RegExp` constructions. */
function patternsIn(file: string, code: string): Found[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const end = text.lastIndexOf('/');
      found.push({ where: where(node), pattern: { source: text.slice(1, end), flags: text.slice(end + 1) } });
    }
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [patternArgument, flagsArgument] = node.arguments ?? [];
      const patterns = (patternArgument ? parameterBindings(patternArgument) : []).map((bindings) => ({
        source: patternArgument ? constantText(patternArgument, source, bindings) : null,
        flags: flagsArgument ? constantText(flagsArgument, source, bindings) : '',
      }));
      const call = `${file}: ${node.getText(source)}`;
      const built = BUILT_AT_RUN_TIME[call];
      const readable = patterns.filter((p): p is Pattern => p.source !== null && p.flags !== null);
      if (readable.length > 0 && readable.length === patterns.length) {
        for (const pattern of readable) found.push({ where: where(node), pattern });
      } else if (built) {
        for (const regex of built())
          found.push({ where: where(node), pattern: { source: regex.source, flags: regex.flags } });
      } else {
        found.push({ where: where(node), unreadable: call });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What is super-linear about a pattern: scslre's reports, one line each; none for a linear pattern. */
function superLinearity(pattern: Pattern): string[] {
  return analyse(pattern).reports.map(
    (report) =>
      `${report.type}${report.exponential ? ' (exponential)' : ''} over repeated ${JSON.stringify(report.character.pick)}`,
  );
}

/** The verdict on each found pattern that is not linear, or could not be read. */
function problemsOf(found: Found[]): string[] {
  return found.flatMap((item) => {
    if ('unreadable' in item)
      return [`${item.where}: built from values this check cannot read (list it in BUILT_AT_RUN_TIME)`];
    const reports = superLinearity(item.pattern);
    return reports.length === 0
      ? []
      : [`${item.where}: /${item.pattern.source}/${item.pattern.flags}: ${reports.join('; ')}`];
  });
}

function sourcePatterns(): Found[] {
  const found: Found[] = [];
  for (const root of ROOTS) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      found.push(...patternsIn(file, readFileSync(file, 'utf8')));
    }
  }
  return found;
}

describe('regular expressions of the server and the shared code', () => {
  const found = sourcePatterns();

  it('finds the patterns it is about, literals and built ones', () => {
    expect(found.length).toBeGreaterThan(120);
    const sources = found.flatMap((item) => ('pattern' in item ? [item.pattern.source] : []));
    // A literal, and a `new RegExp` of same-file constants.
    expect(sources).toContain('^[\\w.:/@+-]+$');
    expect(sources.some((s) => s.startsWith('^spotify:(track|album|playlist|episode|show|artist):'))).toBe(
      true,
    );
  });

  it('are all linear', () => {
    expect(problemsOf(found)).toEqual([]);
  });
});

describe('the check itself', () => {
  const problemsIn = (code: string) => problemsOf(patternsIn('sample.ts', code));

  it('fails on the tag stripping the prompt optimizer used, for each tag it was called with', () => {
    const before = [
      "function cleanOptimizedPrompt(answer: string, tag: 'prompt' | 'text' = 'prompt'): string {",
      String.raw`  return answer.replace(new RegExp(${'`'}^<${'$'}{tag}>\\s*([\\s\\S]*?)\\s*</${'$'}{tag}>$${'`'}, 'i'), '$1');`,
      '}',
    ].join('\n');
    expect(problemsIn(before)).toEqual([
      expect.stringMatching(/^sample\.ts:2: \/\^<prompt>.*Trade over repeated " "/),
      expect.stringMatching(/^sample\.ts:2: \/\^<text>.*Trade over repeated " "/),
    ]);
    expect(problemsIn(String.raw`const x = /^<prompt>\s*([\s\S]*?)\s*<\/prompt>$/i;`)).toEqual([
      expect.stringContaining('Trade'),
    ]);
  });

  it('fails on a pattern built from a value it cannot read', () => {
    const code = `function strip(tag: string) { return new RegExp(\`^<\${tag}>$\`); }`;
    expect(problemsIn(code)).toEqual([expect.stringContaining('cannot read')]);
  });

  it('fails on a pattern retried from every position, and passes its linear rewrite', () => {
    expect(problemsIn(String.raw`const x = /\/+$/;`)).toEqual([expect.stringContaining('Move')]);
    expect(problemsIn(String.raw`const x = /(?<!\/)\/+$/;`)).toEqual([]);
    expect(problemsIn(String.raw`const x = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;`)).not.toEqual([]);
    expect(problemsIn(String.raw`const x = /^bytes\s*=\s*(?:(\d+)\s*)?-\s*(\d*)$/i;`)).toEqual([]);
  });

  it('reads constants, templates of them and joined constant lists', () => {
    const code = [
      "const kinds = ['a', 'b'] as const;",
      "const KIND = kinds.join('|');",
      "const ID = '[0-9]{3}';",
      `const x = new RegExp(\`^(\${KIND}):(\${ID})$\`);`,
    ].join('\n');
    expect(patternsIn('sample.ts', code)).toEqual([
      { where: 'sample.ts:4', pattern: { source: '^(a|b):([0-9]{3})$', flags: '' } },
    ]);
  });
});
