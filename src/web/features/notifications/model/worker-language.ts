import { isLanguage, type Language } from '#shared/language.ts';

/**
 * The interface's language, kept where the service worker can read it: a push that does not name its language
 * (`lang`) is shown in it. The page's own record (localStorage) is out of a worker's reach, so the page also
 * writes it to a small cache of its own, which sign-out leaves alone (it holds nothing of the member).
 */
const CACHE = 'lumara-worker-settings';
const LANGUAGE_ENTRY = '/__lumara/interface-language';

/** Called by the page whenever the interface's language is set. */
export async function keepLanguageForWorker(storage: Pick<CacheStorage, 'open'>, language: Language) {
  const cache = await storage.open(CACHE);
  await cache.put(LANGUAGE_ENTRY, new Response(language, { headers: { 'Content-Type': 'text/plain' } }));
}

/** Read by the worker: the language the page last showed, or null when it never wrote one. */
export async function languageKeptForWorker(storage: Pick<CacheStorage, 'open'>): Promise<Language | null> {
  try {
    const kept = await (await storage.open(CACHE)).match(LANGUAGE_ENTRY);
    const language = kept ? await kept.text() : null;
    return isLanguage(language) ? language : null;
  } catch {
    // No cache storage (a private window's policy): the worker falls back to the browser's languages.
    return null;
  }
}
