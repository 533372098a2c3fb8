import { messages as englishEntry } from 'virtual:lumara-messages/en/route/entry';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language, pickLanguage } from '#shared/language.ts';
import { renderSharedTextsWith } from '#shared/texts.ts';
import { storedValue } from '../stored-value.ts';

/**
 * The interface's one translator (Lingui, decision 0027). Each part of the app brings its own texts (decision
 * 0043): English for what the entry shows (sign-in, the error page) is in the first load; the app shell and each
 * page load theirs, in the language shown, with their code (`loadTexts`); another language's entry texts arrive as
 * their own chunk when first chosen.
 */
export const i18n: I18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { en: englishEntry } });

// What shared schemas say (a form's reason, #shared/texts.ts) comes from the same catalogues, in the language shown.
renderSharedTextsWith((key, values) => i18n._(key, values));

/** One part's texts (the shell's, a page's): a loader of its catalogue per language (`virtual:lumara-messages/routes`). */
export type Texts = Record<Language, () => Promise<{ messages: Messages }>>;

type LanguageBundle = { messages: Messages; zodReasons: (issue: never) => unknown };

const bundles = new Map<Language, Promise<LanguageBundle>>();
const bundleLoaders: Record<Exclude<Language, 'en'>, () => Promise<LanguageBundle>> = {
  es: async () => (await import('./spanish-bundle.ts')).spanish,
};

/** Each part's catalogue once per language; a failed load is tried again the next time. */
const loadedTexts = new Map<Texts, Map<Language, Promise<void>>>();
/** The parts shown so far: a switch of language loads their texts in the new one before it shows it. */
const shownTexts = new Set<Texts>();
/** The language being switched to (the one shown, unless a switch is under way). */
let targetLanguage: Language = DEFAULT_LANGUAGE;

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

/** A language's entry texts (and zod's reasons in it), loaded into the translator once; none for English. */
function loadBundle(language: Language): Promise<LanguageBundle | undefined> {
  if (language === 'en') return Promise.resolve(undefined);
  let bundle = bundles.get(language);
  if (!bundle) {
    bundle = bundleLoaders[language]().then((loaded) => {
      i18n.load(language, loaded.messages);
      return loaded;
    });
    bundle.catch(() => bundles.delete(language));
    bundles.set(language, bundle);
  }
  return bundle;
}

function loadPartTexts(texts: Texts, language: Language): Promise<void> {
  let byLanguage = loadedTexts.get(texts);
  if (!byLanguage) {
    byLanguage = new Map();
    loadedTexts.set(texts, byLanguage);
  }
  let loading = byLanguage.get(language);
  if (!loading) {
    const languages = byLanguage;
    loading = texts[language]().then(({ messages }) => i18n.load(language, messages));
    loading.catch(() => languages.delete(language));
    byLanguage.set(language, loading);
  }
  return loading;
}

/**
 * Loads one part's texts (the shell's, a page's) in the language shown, and in the one being switched to: the
 * router awaits it beside the part's code, so the part never renders a key. Idempotent.
 */
export async function loadTexts(texts: Texts): Promise<void> {
  shownTexts.add(texts);
  await Promise.all([...new Set([currentLanguage(), targetLanguage])].map((l) => loadPartTexts(texts, l)));
}

/**
 * Loads the texts of the given parts in `language`, and the entry's, without switching to it: the router loads a
 * painted page's parts with it before the page is hydrated (src/web/app/router.tsx `preloadPagesFor`). Idempotent.
 */
export async function loadTextsIn(parts: Texts[], language: Language): Promise<void> {
  for (const part of parts) shownTexts.add(part);
  await Promise.all([loadBundle(language), ...parts.map((part) => loadPartTexts(part, language))]);
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
 * Shows the interface in `language`: loads its texts the first time (the entry's and those of every part shown
 * so far), then switches every mounted text at once (no reload). The page's `lang` follows, for screen readers,
 * hyphenation and spell checking.
 */
export async function activateLanguage(language: Language): Promise<void> {
  targetLanguage = language;
  try {
    const [bundle] = await Promise.all([
      loadBundle(language),
      ...[...shownTexts].map((texts) => loadPartTexts(texts, language)),
    ]);
    if (bundle) zodConfig().customError = bundle.zodReasons;
    else delete zodConfig().customError;
  } catch (error) {
    targetLanguage = currentLanguage();
    throw error;
  }
  i18n.activate(language);
  // Only when it changes: writing `lang`, even the same value, makes the browser recompute the style of the whole
  // page (every element's `:lang()`), a long task of its own right after a painted page is hydrated.
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
  rememberedLanguage.write(language);
}

/** The language the interface shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}
