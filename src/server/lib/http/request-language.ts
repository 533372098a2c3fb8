import { AsyncLocalStorage } from 'node:async_hooks';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import serverEnglish from '#server/messages/en.json' with { type: 'json' };
import serverSpanish from '#server/messages/es.json' with { type: 'json' };
import type { ServerTexts } from '#server/messages/server-texts.gen.ts';
import {
  acceptLanguageTags,
  DEFAULT_LANGUAGE,
  type Language,
  languages,
  pickLanguage,
} from '#shared/language.ts';
import sharedEnglish from '#shared/messages/en.json' with { type: 'json' };
import sharedSpanish from '#shared/messages/es.json' with { type: 'json' };
import { type Localized, renderSharedTextsWith, type ValuesOf } from '#shared/texts.ts';

const storage = new AsyncLocalStorage<Language>();

/**
 * What the server says, by language: the shared schemas' texts and its own (src/shared/messages,
 * src/server/messages), compiled once at start for Lingui's runtime, as the browser's are at build time.
 */
const catalogues: Record<Language, Record<string, string>[]> = {
  en: [sharedEnglish, serverEnglish],
  es: [sharedSpanish, serverSpanish],
};
const translators = Object.fromEntries(
  languages.map((language) => {
    const messages = Object.fromEntries(
      catalogues[language].flatMap((catalogue) =>
        Object.entries(catalogue).map(([key, message]) => [key, compileMessage(message)]),
      ),
    );
    return [language, setupI18n({ locale: language, messages: { [language]: messages } })];
  }),
) as Record<Language, I18n>;

/**
 * The language of the request being answered, from its Accept-Language header. Lumara's browser app
 * sends the interface's language (the member's choice on their profile, else the browser's), other clients their
 * own preference. Error messages, field reasons and fixed texts in answers follow it; the AI features write in it.
 */
export function requestLanguageMiddleware(): MiddlewareHandler {
  return (c, next) => storage.run(languageOfRequest(c), next);
}

/** The language a request asks for, read from its own header. */
function languageOfRequest(c: Context): Language {
  return pickLanguage(acceptLanguageTags(c.req.header('accept-language')));
}

/** The language of the request in progress; English outside a request (start-up, background work). */
export function requestLanguage(): Language {
  return storage.getStore() ?? DEFAULT_LANGUAGE;
}

/** Runs `work` as if answering a request in `language` (a worker thread reading for one, say). */
export function inLanguage<T>(language: Language, work: () => T): T {
  return storage.run(language, work);
}

export type ServerTextKey = keyof ServerTexts;

/**
 * One of the server's texts (src/server/messages), in the language of the request being answered (English
 * outside a request): `say('server.notFound.task')`, `say('server.rateLimit.ai', { seconds: 12 })`.
 */
export function say<K extends ServerTextKey>(key: K, ...[values]: ValuesOf<ServerTexts[K]>): Localized {
  return translators[requestLanguage()]._(key, values) as Localized;
}

// The shared schemas' own reasons (#shared/texts.ts) in the request's language too.
renderSharedTextsWith((key, values) => translators[requestLanguage()]._(key, values));

let zodConfigured = false;

/**
 * zod's own reasons ("Too small: expected string to have >=1 characters") in the request's language: zod asks
 * for them while it parses, which happens inside the request, as it asks for the reasons a schema gives itself
 * (`reason(key)`, #shared/texts.ts).
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
