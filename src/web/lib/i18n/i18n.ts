import { messages as english } from 'virtual:lumara-messages/en';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language, pickLanguage } from '#shared/language.ts';
import { renderSharedTextsWith } from '#shared/texts.ts';
import { storedValue } from '../stored-value.ts';

/**
 * The interface's one translator (Lingui, decision 0027). English is in the first load: it is the
 * default. Other languages arrive as their own chunk when first chosen.
 */
export const i18n: I18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { en: english } });

// What shared schemas say (a form's reason, #shared/texts.ts) comes from the same catalogues, in the language shown.
renderSharedTextsWith((key, values) => i18n._(key, values));

type LanguageBundle = { messages: Messages; zodReasons: (issue: never) => unknown };

const bundles = new Map<Language, LanguageBundle>();
const bundleLoaders: Record<Exclude<Language, 'en'>, () => Promise<LanguageBundle>> = {
  es: async () => (await import('./spanish-bundle.ts')).spanish,
};

/**
 * zod's configuration is a global its core reads (see zod-without-eval.ts: zod itself loads later, with the pages
 * that parse). Its `customError` comes after a schema's own reason and before zod's English, so it gives zod's
 * reasons in the interface's language without loading zod here.
 */
function zodConfig(): { customError?: unknown } {
  const zodGlobal = globalThis as { __zod_globalConfig?: { customError?: unknown } };
  zodGlobal.__zod_globalConfig ??= {};
  return zodGlobal.__zod_globalConfig;
}

/**
 * The language this browser last showed, so the next start paints in it before the profile arrives; else null.
 * The member's choice itself lives on their profile, on every device.
 */
export const rememberedLanguage = storedValue<Language | ''>('lumara-language', (raw) => {
  return isLanguage(raw) ? raw : '';
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
  let bundle = bundles.get(language);
  if (language !== 'en' && !bundle) {
    bundle = await bundleLoaders[language]();
    bundles.set(language, bundle);
    i18n.load(language, bundle.messages);
  }
  if (bundle) zodConfig().customError = bundle.zodReasons;
  else delete zodConfig().customError;
  i18n.activate(language);
  document.documentElement.lang = language;
  rememberedLanguage.write(language);
}

/** The language the interface shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}
