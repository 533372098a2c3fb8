import type { Language } from '#shared/language.ts';
import english from './messages/en.json' with { type: 'json' };
import spanish from './messages/es.json' with { type: 'json' };

/**
 * The service worker's own words (action buttons, a failed action's notice), from its catalogues beside it: the
 * worker is built apart from the app (scripts/push-worker-build.ts), without the app's translator, so it reads
 * these two small files itself. Its messages take no arguments (worker-texts.test.ts holds them to that), so
 * the catalogue's text is the text.
 */
const catalogues: Record<Language, typeof english> = { en: english, es: spanish };

export type WorkerTextKey = keyof typeof english;

export function workerText(language: Language, key: WorkerTextKey): string {
  return catalogues[language][key];
}
