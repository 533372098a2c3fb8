import type { Language } from './language.ts';
import { spanishTexts } from './localize.es.ts';

type Template = { pattern: RegExp; text: string };

const tables: Partial<Record<Language, Readonly<Record<string, string>>>> = { es: spanishTexts };

/** `{0}`-style templates of a table, as patterns that match the English text they build. */
function templatesOf(table: Readonly<Record<string, string>>): Template[] {
  return Object.entries(table)
    .filter(([english]) => /\{\d\}/.test(english))
    .map(([english, text]) => {
      const source = english
        .split(/(\{\d\})/)
        .map((part) => (/^\{\d\}$/.test(part) ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return { pattern: new RegExp(`^${source}$`, 's'), text };
    });
}

const templates = new Map<Language, Template[]>();

/**
 * A text the server or a shared schema wrote in English, in `language` (issue 19): the table's own translation,
 * else a template's with its parts put back (each part translated too when the table has it), else the text as
 * it is (a provider's own words, member content). English answers the text unchanged.
 */
export function localize(text: string, language: Language): string {
  const table = tables[language];
  if (!table) return text;
  const exact = table[text];
  if (exact !== undefined) return exact;
  let languageTemplates = templates.get(language);
  if (!languageTemplates) {
    languageTemplates = templatesOf(table);
    templates.set(language, languageTemplates);
  }
  for (const { pattern, text: translated } of languageTemplates) {
    const match = pattern.exec(text);
    if (!match) continue;
    return translated.replace(/\{(\d)\}/g, (_, index: string) => {
      const part = match[Number(index) + 1] ?? '';
      return table[part] ?? part;
    });
  }
  return text;
}
