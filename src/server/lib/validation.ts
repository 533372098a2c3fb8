import type { Hook } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '#server/app-env.ts';
import { AppError } from './errors.ts';
import { findUnstorableText } from './storable-text.ts';

/** The 400 every refused input answers: the failing field paths and what is wrong with each. */
function validationFailed(issues: readonly z.core.$ZodIssue[], whole: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : whole;
    fields[key] ??= issue.message;
  }
  return new AppError('validation_failed', 'Some fields are missing or wrong', { fields });
}

/**
 * What every route's declared input goes through (api-route.ts), before any service runs, so bad input never
 * writes anything:
 * - a path parameter that does not parse names nothing: 404 with the message its schema gives
 *   (path-params.ts), as an unknown id would answer;
 * - a body or query that does not match its schema, or a declared body that was not sent: 400
 *   `validation_failed` naming the fields;
 * - a body with text PostgreSQL cannot store (storable-text.ts), in a value or a key: 400 naming the field,
 *   first, as the body was sent.
 * Malformed JSON never reaches this hook: Hono's validator answers it 400 (`bad_request`, app.ts).
 */
export const refuseInvalidInput: Hook<unknown, AppEnv, string, undefined> = (result, c) => {
  // A route that declares a body needs one. Without a content type there was none (the same-origin guard
  // refuses a body that names no type), and an empty object must not pass for it.
  if (result.target === 'json' && !c.req.header('content-type')) {
    throw new AppError('validation_failed', 'Some fields are missing or wrong', {
      fields: { '(body)': 'Send the request body as JSON' },
    });
  }
  if (result.target === 'json') {
    // zod-validator passes the body as sent in `data` on failure too (its type omits it): keys and all.
    const unstorable = findUnstorableText((result as { data?: unknown }).data);
    if (unstorable) {
      throw new AppError('validation_failed', 'Some fields are missing or wrong', {
        fields: { [unstorable.field]: unstorable.reason },
      });
    }
  }
  if (result.success) return undefined;
  if (result.target === 'param') {
    throw new AppError('not_found', result.error.issues[0]?.message ?? 'Not found');
  }
  throw validationFailed(result.error.issues, result.target === 'json' ? '(body)' : `(${result.target})`);
};

/** Validates a value the request did not carry as such (a stored setting, a provider's answer) the same way. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailed(result.error.issues, '(body)');
}

/**
 * Reads and validates a JSON body by hand. Being replaced by declared routes (api-route.ts); kept while route
 * files move over.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be valid JSON');
  }
  const unstorable = findUnstorableText(body);
  if (unstorable) {
    throw new AppError('validation_failed', 'Some fields are missing or wrong', {
      fields: { [unstorable.field]: unstorable.reason },
    });
  }
  return parseWith(schema, body);
}
