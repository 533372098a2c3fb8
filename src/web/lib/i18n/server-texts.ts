import type { Language } from '#shared/language.ts';
import { i18n } from './i18n.ts';
import { spanish } from './spanish-bundle.ts';

/**
 * The server renderer's translator switch (src/web/entry-server.tsx): every catalogue is in the server's bundle,
 * so a render switches language without loading anything, and without the browser's side effects (the page's
 * `lang`, the remembered choice) that activateLanguage has.
 */
let spanishLoaded = false;

export function showTextsIn(language: Language): void {
  if (language === 'es' && !spanishLoaded) {
    i18n.load('es', spanish.messages);
    spanishLoaded = true;
  }
  i18n.activate(language);
}
