import type { ServerTexts } from '#server/messages/server-texts.gen.ts';
import { type ErrorCode, errorStatusByCode } from '#shared/error-codes.ts';
import type { Localized } from '#shared/texts.ts';
import { say } from './request-language.ts';

/**
 * The one error type services throw. `onError` turns it into `{error: {code, message, fields?}}` with the
 * status `errorStatusByCode` gives; anything else that escapes is a bug and answers a bare 500. Its texts are
 * the member's already: a catalogue's by key (`say`, `sharedText`, `reason`), or words no catalogue holds marked
 * `verbatim` (#shared/texts.ts), so an English sentence cannot reach an answer without its translations.
 */
export class AppError extends Error {
  declare readonly message: Localized;
  readonly code: ErrorCode;
  readonly fields: Record<string, Localized> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: Localized,
    options?: { fields?: Record<string, Localized>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options?.fields;
    this.headers = options?.headers;
  }

  get status(): (typeof errorStatusByCode)[ErrorCode] {
    return errorStatusByCode[this.code];
  }
}

/** What a 404 says was not found: the `server.notFound.<subject>` texts of src/server/messages. */
export type NotFoundSubject = keyof ServerTexts extends infer Key
  ? Key extends `server.notFound.${infer Subject}`
    ? Subject
    : never
  : never;

/** "That task was not found", in the request's language. */
export const notFoundText = (what: NotFoundSubject): Localized => say(`server.notFound.${what}`);
export const notFound = (what: NotFoundSubject) => new AppError('not_found', notFoundText(what));
export const unauthenticated = () => new AppError('unauthenticated', say('server.http.signIn'));

/**
 * The one error body, `{error: {code, message, fields?}}`, its texts in the language the request asks for (issue
 * 19), worded by key where they were made; the code stays the same in every language, for programs to read.
 */
export function errorBody(code: ErrorCode, message: Localized, fields?: Record<string, Localized>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}
