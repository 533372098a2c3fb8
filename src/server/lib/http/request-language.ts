import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { acceptLanguageTags, DEFAULT_LANGUAGE, type Language, pickLanguage } from '#shared/language.ts';
import { spanishTexts } from '#shared/localize.es.ts';
import { localizeWith } from '#shared/localize.ts';

const storage = new AsyncLocalStorage<Language>();

/**
 * The language of the request being answered, from its Accept-Language header. Lumara's browser app
 * sends the interface's language (the member's choice on their profile, else the browser's), other clients their
 * own preference. Error messages, field reasons and fixed texts in answers follow it; the AI features write in it.
 */
export function requestLanguageMiddleware(): MiddlewareHandler {
  return (c, next) => storage.run(languageOfRequest(c), next);
}

/** The language a request asks for, read from its own header (for code that has the request at hand). */
export function languageOfRequest(c: Context): Language {
  return pickLanguage(acceptLanguageTags(c.req.header('accept-language')));
}

/** The language of the request in progress; English outside a request (start-up, background work). */
export function requestLanguage(): Language {
  return storage.getStore() ?? DEFAULT_LANGUAGE;
}

/** An English text of the server or the shared schemas, in `language`. */
export function localizeText(text: string, language: Language): string {
  return language === 'es' ? localizeWith(spanishTexts, text) : text;
}

/** An English text of the server or the shared schemas, in the request's language. */
export function inRequestLanguage(text: string): string {
  return localizeText(text, requestLanguage());
}

let zodConfigured = false;

/**
 * zod's own reasons ("Too small: expected string to have >=1 characters") in the request's language: zod asks
 * for them while it parses, which happens inside the request. Reasons a schema gives itself are English texts
 * that `inRequestLanguage` translates when the error is answered.
 */
export function answerZodReasonsInRequestLanguage(): void {
  if (zodConfigured) return;
  zodConfigured = true;
  const english = z.locales.en();
  const spanish = z.locales.es();
  z.config({
    localeError: (issue) =>
      (requestLanguage() === 'es' ? spanish : english).localeError?.(issue) ??
      english.localeError?.(issue) ??
      undefined,
  });
}
