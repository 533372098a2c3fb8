import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Reads and validates a JSON body. Malformed JSON and schema failures both answer 400 with the failing fields,
 * before any service runs, so bad input never writes anything.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be valid JSON');
  }
  const nulAt = findNulCharacter(body);
  if (nulAt !== null) {
    throw new AppError('validation_failed', 'Some fields are missing or wrong', {
      fields: { [nulAt || '(body)']: 'Text cannot contain a NUL character' },
    });
  }
  return parseWith(schema, body);
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reached a query would fail there as a 500. Refused here, for
 * every JSON body, before any schema or service runs. Answers the path of the first string holding one.
 */
function findNulCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNulCharacter(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
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
