import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { spanishTexts } from '#shared/localize.es.ts';
import { localizeWith } from '#shared/localize.ts';

/**
 * Every English text the server or a shared schema writes for a member has its Spanish in
 * `#shared/localize.es.ts`. Found in the sources as they are written: an AppError's message and fields, what
 * `notFound` names, a schema's own reason (`.min(1, 'Type a title')`, `{ message }`, `{ error }`), the embed
 * refusals. Texts built with `${…}` are matched as templates (`{0}`).
 */

const ROOTS = ['src/server', 'src/shared'];
/**
 * Not the server's words for members: configuration errors at start-up, raw HTTP refusals before the app and the
 * backup control (operators'); the sign-in page's own error texts (the browser's, in its catalogues).
 */
const OPERATOR_FILES = new Set([
  'src/server/config.ts',
  'src/server/http-server.ts',
  'src/server/backup/backup-control.ts',
  'src/shared/auth-text.ts',
]);
const REASON_METHODS = new Set(['regex', 'min', 'max', 'refine', 'length', 'startsWith', 'int', 'positive']);

function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.templateSpans.reduce(
      (text, span, index) => `${text}{${index}}${span.literal.text}`,
      node.head.text,
    );
  }
  return null;
}

function memberTexts(): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of ROOTS) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (OPERATOR_FILES.has(file) || file.endsWith('localize.es.ts')) continue;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const keep = (node: ts.Node | undefined) => {
        const text = node ? textOf(node) : null;
        if (text && /[a-z]{2}/i.test(text)) found.set(text, file);
      };
      const visit = (node: ts.Node) => {
        if (ts.isNewExpression(node) && node.expression.getText(source) === 'AppError')
          keep(node.arguments?.[1]);
        if (ts.isCallExpression(node)) {
          const callee = node.expression.getText(source);
          if (callee === 'notFound') keep(node.arguments[0]);
          if (
            ts.isPropertyAccessExpression(node.expression) &&
            REASON_METHODS.has(node.expression.name.text)
          ) {
            for (const argument of node.arguments.slice(1)) keep(argument);
          }
        }
        if (ts.isPropertyAssignment(node)) {
          const name = node.name.getText(source);
          const parent = node.parent.parent;
          const inFields =
            parent && ts.isPropertyAssignment(parent) && parent.name.getText(source) === 'fields';
          const inRefusals =
            ts.isVariableDeclaration(parent) &&
            ['embedRefusal', 'RESEARCH_TEXTS'].includes(parent.name.getText(source));
          if (
            ((name === 'message' || name === 'error') && ts.isStringLiteral(node.initializer)) ||
            inFields ||
            inRefusals
          ) {
            keep(node.initializer);
          }
        }
        if (ts.isArrowFunction(node) && ts.isPropertyAssignment(node.parent)) keep(node.body);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

describe('the Spanish of the server’s texts', () => {
  const texts = memberTexts();

  it('finds the texts it is about', () => {
    expect(texts.size).toBeGreaterThan(100);
    expect(texts.has('Some fields are missing or wrong')).toBe(true);
  });

  it('has every text a member may read', () => {
    const sample = (text: string) => text.replace(/\{\d\}/g, 'X1');
    const missing = [...texts]
      .filter(
        ([text]) => !(text in spanishTexts) && localizeWith(spanishTexts, sample(text)) === sample(text),
      )
      .map(([text, file]) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('keeps every part of a built text', () => {
    for (const [english, spanish] of Object.entries(spanishTexts)) {
      const parts = (text: string) => [...text.matchAll(/\{\d\}/g)].map((m) => m[0]).sort();
      expect(parts(spanish), english).toEqual(parts(english));
    }
  });
});
