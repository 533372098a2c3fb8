/**
 * The languages Lumara speaks. No zod here: every page loads this through the translator, and zod waits for
 * the pages that parse (its schema, `languageSchema`, is in profile.ts). English is the default; every
 * interface text has a message in each (the catalogues: each web feature's messages/, src/shared/messages,
 * src/server/messages).
 */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/** Whether a value names a language Lumara speaks. */
export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}
export const DEFAULT_LANGUAGE: Language = 'en';

/** How a prompt names the language an AI is asked to write in, where English needs no asking. */
export const SPANISH_FOR_AI = 'Spanish (neutral Latin American Spanish)';

/** Each language's name in itself, as a language menu shows it. */
export const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * The first of a member's preferred language tags (`navigator.languages`, or an Accept-Language header's tags in
 * order of quality) that Lumara speaks, by primary subtag: `es-CL` is Spanish. Else English.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    const match = languages.find((language) => language === primary);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's tags, best first (RFC 9110 §12.5.4); a tag with q=0 is one the client refuses. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = quality ? Number(quality.slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
