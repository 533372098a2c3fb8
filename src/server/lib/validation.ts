import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import { findUnstorableText } from './storable-text.ts';

/**
 * Reads and validates a JSON body. Malformed JSON, text PostgreSQL cannot store (storable-text.ts) and schema
 * failures all answer 400 with the failing fields, before any service runs, so bad input never writes anything.
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

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    fields[key] ??= issue.message;
  }
  throw new AppError('validation_failed', 'Some fields are missing or wrong', { fields });
}
