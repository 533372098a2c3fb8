import { messages as english } from 'virtual:lumara-messages/en';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language, languageSchema, pickLanguage } from '#shared/language.ts';
import { storedValue } from '../stored-value.ts';

/**
 * The interface's one translator (Lingui, decision 0027). English is in the first load: it is the spec's language
 * and the default. Other languages arrive as their own chunk when first chosen.
 */
export const i18n: I18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { en: english } });

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);
const catalogueLoaders: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  es: async () => (await import('virtual:lumara-messages/es')).messages,
};

/**
 * The language this browser last showed, so the next start paints in it before the profile arrives; else null.
 * The member's choice itself lives on their profile, on every device.
 */
export const rememberedLanguage = storedValue<Language | ''>('lumara-language', (raw) => {
  const parsed = languageSchema.safeParse(raw);
  return parsed.success ? parsed.data : '';
});

/** The language to start in: the one this browser last showed, else the browser's preference. */
export function startLanguage(): Language {
  return rememberedLanguage.read() || pickLanguage(navigator.languages ?? [navigator.language]);
}

/**
 * Shows the interface in `language`: loads its catalogue the first time, then switches every mounted text at
 * once (no reload). The page's `lang` follows, for screen readers, hyphenation and spell checking.
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !loaded.has(language)) {
    i18n.load(language, await catalogueLoaders[language]());
    loaded.add(language);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
  rememberedLanguage.write(language);
}

/** The language the interface shows now. */
export function currentLanguage(): Language {
  const parsed = languageSchema.safeParse(i18n.locale);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}
