import type { Hook } from '@hono/zod-openapi';
import type { z } from 'zod';
import { findUnstorableText } from '#server/lib/data/storable-text.ts';
import { type Localized, verbatim } from '#shared/texts.ts';
import type { AppEnv } from './app-env.ts';
import { AppError } from './errors.ts';
import { say } from './request-language.ts';

/** The 400 every refused input answers: the failing field paths and what is wrong with each. */
function validationFailed(issues: readonly z.core.$ZodIssue[], whole: string): AppError {
  const fields: Record<string, Localized> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : whole;
    // zod worded it as it parsed, in the request's language (request-language.ts, #shared/texts.ts).
    fields[key] ??= verbatim(issue.message);
  }
  return new AppError('validation_failed', say('server.validation.failed'), { fields });
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
  if (result.target === 'json') {
    // A route that declares a body needs one. Without a content type there was none (the same-origin guard
    // refuses a body that names no type), and an empty object must not pass for it.
    if (!c.req.header('content-type')) {
      throw new AppError('validation_failed', say('server.validation.failed'), {
        fields: { '(body)': say('server.validation.sendJson') },
      });
    }
    // zod-validator passes the body as sent in `data` on failure too (its type omits it): keys and all.
    const unstorable = findUnstorableText((result as { data?: unknown }).data);
    if (unstorable) {
      throw new AppError('validation_failed', say('server.validation.failed'), {
        fields: { [unstorable.field]: unstorable.reason },
      });
    }
  }
  if (result.success) return undefined;
  if (result.target === 'param') {
    const reason = result.error.issues[0]?.message;
    throw new AppError('not_found', reason ? verbatim(reason) : say('server.http.notFound'));
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
 * The same refusal, with one field's own reason as the message, for a form that shows `error.message` (the
 * music form shows why a link is not a Suno song, research why a topic is refused). A route passes it as
 * its hook: `(result, c) => refuseSayingWhy('input', result, c)`.
 */
export function refuseSayingWhy(
  field: string,
  ...[result, c]: Parameters<typeof refuseInvalidInput>
): ReturnType<typeof refuseInvalidInput> {
  try {
    return refuseInvalidInput(result, c);
  } catch (error) {
    const reason = error instanceof AppError ? error.fields?.[field] : undefined;
    if (error instanceof AppError && reason !== undefined) {
      throw new AppError(error.code, reason, error.fields ? { fields: error.fields } : undefined);
    }
    throw error;
  }
}
