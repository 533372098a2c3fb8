import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { type ErrorCode, errorStatusByCode } from '#shared/error-codes.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';

/**
 * A JSON answer read through the contract's own schema (`src/shared`), as the server's declared routes are: a
 * handler that drifts from the contract throws here, and MSW turns that into a loud 500 that fails the test.
 */
export function contractAnswer<Schema extends z.ZodType>(
  schema: Schema,
  body: z.input<Schema>,
  status = 200,
): Response {
  return new HttpResponse(JSON.stringify(schema.parse(body)), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The API's one error body, `{error: {code, message, fields?}}` (`fields`: what a refusal says of each field).
 * The status must be the one the contract gives the code (`errorStatusByCode`), so a test cannot stage an error
 * the server never sends.
 */
export function errorResponse(
  status: number,
  code: ErrorCode,
  message = 'Something went wrong',
  fields?: Record<string, string>,
): Response {
  if (errorStatusByCode[code] !== status) {
    throw new Error(`The API answers ${code} with ${errorStatusByCode[code]}, not ${status}`);
  }
  return contractAnswer(
    apiErrorBodySchema,
    { error: { code, message, ...(fields ? { fields } : {}) } },
    status,
  );
}

/** A promise the test settles by hand, to look at the app while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
