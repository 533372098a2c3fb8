import { messages as english } from 'virtual:lumara-messages/all/en';
import { messages as spanish } from 'virtual:lumara-messages/all/es';
import type { Language } from '#shared/language.ts';
import { i18n } from './i18n.ts';

let everyTextLoaded = false;

/**
 * The server renderer's translator switch (src/web/entry-server.tsx): every text of both languages is in the
 * server's bundle, loaded at the first render, so a render switches language without loading anything, and without
 * the browser's side effects (the page's `lang`, the remembered choice) that activateLanguage has.
 */
export function showTextsIn(language: Language): void {
  if (!everyTextLoaded) {
    i18n.load({ en: english, es: spanish });
    everyTextLoaded = true;
  }
  i18n.activate(language);
}
