import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { languages } from '#shared/language.ts';
import { argumentsOf } from '../../scripts/check-i18n.ts';

/**
 * What the server says to a member is a key of src/server/messages or src/shared/messages, worded in each language
 * there (#shared/texts.ts). The type check holds every key the code names to the English catalogue; this holds
 * every other language to it, names the keys the code names that a catalogue lacks, the catalogue entries no code
 * names, and English words handed to `verbatim`, which passes text no catalogue holds.
 */

const ROOTS = ['src/server', 'src/shared'];
const CATALOGUES = ['src/shared/messages', 'src/server/messages'];
/** A string that names a text of these catalogues. */
const TEXT_KEY = /^(server|shared)\.[a-z][\w]*(\.[\w]+)+$/;

const catalogue = (language: string): Record<string, string> =>
  Object.assign(
    {},
    ...CATALOGUES.map(
      (folder) => JSON.parse(readFileSync(path.join(folder, `${language}.json`), 'utf8')) as object,
    ),
  );

function sources(): { file: string; source: ts.SourceFile }[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.(test|gen)\.ts$/.test(entry.name))
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return {
          file,
          source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
        };
      }),
  );
}

/** The keys the code names as string literals, and the prefixes of the keys it builds (`server.notFound.${…}`). */
function namedKeys(): { keys: Map<string, string>; prefixes: Set<string> } {
  const keys = new Map<string, string>();
  const prefixes = new Set<string>();
  for (const { file, source } of sources()) {
    const visit = (node: ts.Node) => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        TEXT_KEY.test(node.text)
      ) {
        keys.set(node.text, file);
      }
      if (ts.isTemplateExpression(node) && /^(server|shared)\.[\w.]+\.$/.test(node.head.text)) {
        prefixes.add(node.head.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { keys, prefixes };
}

describe('the server’s texts', () => {
  const english = catalogue('en');

  it('are worded in every language, with the arguments English has', () => {
    const problems: string[] = [];
    for (const language of languages.filter((l) => l !== 'en')) {
      const other = catalogue(language);
      for (const [key, message] of Object.entries(english)) {
        const translated = other[key];
        if (!translated?.trim()) {
          problems.push(`${language} has no message for ${key}`);
          continue;
        }
        const expected = [...argumentsOf(compileMessage(message))].sort();
        const actual = [...argumentsOf(compileMessage(translated))].sort();
        if (expected.join() !== actual.join()) problems.push(`${language}: ${key} takes {${actual}}`);
      }
      for (const key of Object.keys(other)) {
        if (!(key in english)) problems.push(`${language} has ${key}, which English does not`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a message in every language for every key the code names', () => {
    const { keys } = namedKeys();
    expect(keys.size).toBeGreaterThan(150);
    const missing = languages.flatMap((language) => {
      const messages = catalogue(language);
      return [...keys]
        .filter(([key]) => !(key in messages))
        .map(([key, file]) => `${language}: ${file}: ${key}`);
    });
    expect(missing).toEqual([]);
  });

  it('has no message the code never names', () => {
    const { keys, prefixes } = namedKeys();
    const unnamed = Object.keys(english).filter(
      (key) => !keys.has(key) && ![...prefixes].some((prefix) => key.startsWith(prefix)),
    );
    expect(unnamed).toEqual([]);
  });

  it('passes no English words through `verbatim`', () => {
    const worded: string[] = [];
    for (const { file, source } of sources()) {
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && node.expression.getText(source) === 'verbatim') {
          const [text] = node.arguments;
          const parts =
            text && (ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text))
              ? [text.text]
              : text && ts.isTemplateExpression(text)
                ? [text.head.text, ...text.templateSpans.map((span) => span.literal.text)]
                : [];
          if (parts.some((part) => /\p{L}{2}/u.test(part))) worded.push(`${file}: ${text?.getText(source)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(worded).toEqual([]);
  });
});
