import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { LumaraApp } from '#server/app.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { readApiErrorBody } from './api-error-body.ts';
import { currentLanguage } from './i18n/i18n.ts';

/** `unknown` when the answer was an error without our error body (a proxy's HTML page, an empty 502). */
export type ApiErrorCode = ErrorCode | 'unknown';

/** A non-2xx answer from the API, parsed from the one error body `{error: {code, message, fields?}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Readonly<Record<string, string>>;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }
}

/**
 * The one way the browser reaches the API: a client typed by the server's route declarations
 * (src/server/lib/http/api-route.ts), so a path, a parameter, a body or an answer is never written twice, and a
 * renamed field fails `tsc` here. `api.tasks[':id'].$put({ param: { id }, json })` is `PUT /api/tasks/{id}`; a
 * request carries a body (as JSON) only when it has one. Pass the call to `answerOf`.
 */
export const api = hc<LumaraApp>('/', {
  // The interface's language, so the server's messages (errors, badges, notifications) come in it too.
  headers: () => ({ Accept: 'application/json', 'Accept-Language': currentLanguage() }),
  init: { credentials: 'same-origin' },
}).api;

/** The JSON a call answers when it succeeds. */
export type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, infer Format>
    ? Status extends SuccessStatusCode
      ? Format extends 'json'
        ? Body
        : never
      : never
    : never;

/** Waits for a call of `api` and returns its JSON answer, or throws an ApiError read from the error body. */
export async function answerOf<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
  options: ApiRequestOptions = {},
): Promise<SuccessBody<R>> {
  const response = await call;
  if (!response.ok) throw await toApiError(response, options.errorMessage);
  return (await response.json()) as SuccessBody<R>;
}

export type ApiRequestOptions = {
  /**
   * A fixed text for this call's failure, e.g. `authErrorText.fetchUser`. Without it
   * the server's own message is used.
   */
  errorMessage?: (status: number) => string;
};

/**
 * Reads a non-2xx answer into an ApiError. Exported for calls that cannot go through `answerOf`, such as the
 * studio's streamed chat replies (server-sent events over fetch), so every error is read the same way.
 */
export async function toApiError(
  response: Response,
  errorMessage?: ApiRequestOptions['errorMessage'],
): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const body = readApiErrorBody(parseJson(text));
  const status = response.status;
  if (body) {
    const { code, message, fields } = body.error;
    return new ApiError({ status, code, message: errorMessage?.(status) ?? message, fields });
  }
  return new ApiError({
    status,
    code: 'unknown',
    message: errorMessage?.(status) ?? `The server answered with HTTP status ${status}`,
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
