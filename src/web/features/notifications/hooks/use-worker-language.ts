import { useEffect } from 'react';
import { useLanguage } from '#web/lib/i18n/use-t.ts';
import { keepLanguageForWorker } from '../model/worker-language.ts';

/**
 * Mounted once by the app shell: keeps the interface's language where the service worker reads it, so a push
 * that does not name its language is shown, and its buttons worded, as the member reads Lumara.
 */
export function useWorkerLanguage(): void {
  const language = useLanguage();
  useEffect(() => {
    if (typeof caches === 'undefined') return;
    keepLanguageForWorker(caches, language).catch(() => {
      // No cache storage here (a policy, a private window): the worker uses the browser's languages.
    });
  }, [language]);
}
