import { type ErrorCode, errorStatusByCode } from '#shared/error-codes.ts';

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
