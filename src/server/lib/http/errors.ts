import type { Context } from 'hono';
import { type ErrorCode, errorStatusByCode } from '#shared/error-codes.ts';
import { languageOfRequest, localizeText } from './request-language.ts';

/**
 * The one error type services throw. `onError` turns it into `{error: {code, message, fields?}}` with the
 * status `errorStatusByCode` gives; anything else that escapes is a bug and answers a bare 500.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { fields?: Record<string, string>; headers?: Record<string, string> },
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

export const notFound = (what: string) => new AppError('not_found', `${what} was not found`);
export const unauthenticated = () => new AppError('unauthenticated', 'Sign in to continue');

/**
 * The one error body, `{error: {code, message, fields?}}`, its texts in the language the request asks for (issue
 * 19); the code stays the same in every language, for programs to read.
 */
export function errorBody(c: Context, code: ErrorCode, message: string, fields?: Record<string, string>) {
  const language = languageOfRequest(c);
  return {
    error: {
      code,
      message: localizeText(message, language),
      ...(fields
        ? {
            fields: Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k, localizeText(v, language)]),
            ),
          }
        : {}),
    },
  };
}
