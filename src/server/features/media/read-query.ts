import type { Context } from 'hono';
import type { z } from 'zod';
import { parseWith } from '#server/lib/validation.ts';

/**
 * A query string through its schema. An empty value (`?cursor=`) counts as absent, so a client can always send
 * `cursor=${nextCursor ?? ''}`; anything else that does not parse is a 400 naming the field.
 */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const present = Object.entries(c.req.query()).filter(([, value]) => value !== '');
  return parseWith(schema, Object.fromEntries(present));
}
