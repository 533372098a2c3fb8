import { z } from 'zod';
import { MAX_ROW_ID } from '#shared/row-id.ts';
import { type NotFoundSubject, notFoundText } from './errors.ts';

/**
 * The one schema of a row id in a path: text that is a positive integer PostgreSQL can hold. Anything else
 * names nothing, so it fails with "<what> was not found" and the route answers 404, as an unknown id would
 * (validation.ts); the database never sees it.
 */
export function rowIdPath(what: NotFoundSubject) {
  const notFound = { error: () => notFoundText(what) };
  return z
    .string()
    .regex(/^\d{1,10}$/, notFound)
    .transform(Number)
    .pipe(z.number().int().min(1, notFound).max(MAX_ROW_ID, notFound))
    .meta({ type: 'integer', minimum: 1, maximum: MAX_ROW_ID, examples: [42] });
}

/** The `{id}` of a route about one row. */
export function idParams(what: NotFoundSubject) {
  return z.object({ id: rowIdPath(what) });
}
