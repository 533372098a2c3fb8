import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '#shared/language.ts';
import { currentLanguage, i18n } from './i18n.ts';
import type { MessageKey } from './message-keys.gen.ts';

export type { MessageKey };
/** What a message's ICU arguments take: `{count, plural, …}` a number, `{name}` a text. */
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A text for code that runs outside a component (a toast from a mutation, a document title). */
export const translate: Translate = (key, values) => i18n._(key, values);

function subscribe(listener: () => void): () => void {
  return i18n.on('change', listener);
}

/** The language the interface shows; a component that reads it re-renders when the member switches. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/**
 * The current language's text for a key, with its arguments interpolated (plurals by the language's own rules).
 * A component that calls it re-renders when the member switches language: no reload.
 */
export function useT(): Translate {
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language, so memoised children re-render.
  return useCallback<Translate>((key, values) => i18n._(key, values), [language]);
}
