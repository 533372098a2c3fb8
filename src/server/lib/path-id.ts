import type { z } from 'zod';
import { notFound } from './errors.ts';

/** A path id that is not a positive integer names nothing: 404, as an unknown id would answer. */
export function parsePathId(schema: z.ZodType<number>, raw: string | undefined, what: string): number {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}
