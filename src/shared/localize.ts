type Template = { pattern: RegExp; text: string };

/** English text (with `{0}`-style parts) → its translation: `#shared/localize.es.ts` is Spanish's. */
export type TextTable = Readonly<Record<string, string>>;

const templatesByTable = new WeakMap<TextTable, Template[]>();

/**
 * The pattern that matches the texts an English `{0}`-style template builds: its words as they are, each part any
 * text. Built at run time, so tests/server/linear-regexes.test.ts checks the patterns of every template here.
 */
export function templatePattern(english: string): RegExp {
  const source = english
    .split(/(\{\d\})/)
    .map((part) => (/^\{\d\}$/.test(part) ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's');
}

/** `{0}`-style templates of a table, as patterns that match the English text they build. */
function templatesOf(table: TextTable): Template[] {
  let templates = templatesByTable.get(table);
  if (!templates) {
    templates = Object.entries(table)
      .filter(([english]) => /\{\d\}/.test(english))
      .map(([english, text]) => ({ pattern: templatePattern(english), text }));
    templatesByTable.set(table, templates);
  }
  return templates;
}

/**
 * A text the server or a shared schema wrote in English, translated by `table`: the table's own
 * translation, else a template's with its parts put back (each part translated too when the table has it), else
 * the text as it is (a provider's own words, member content). The server passes the request language's table; the
 * browser the one it loaded with the language's catalogue.
 */
export function localizeWith(table: TextTable, text: string): string {
  const exact = table[text];
  if (exact !== undefined) return exact;
  for (const { pattern, text: translated } of templatesOf(table)) {
    const match = pattern.exec(text);
    if (!match) continue;
    return translated.replace(/\{(\d)\}/g, (_, index: string) => {
      const part = match[Number(index) + 1] ?? '';
      return table[part] ?? part;
    });
  }
  return text;
}
