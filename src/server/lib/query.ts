import { z } from 'zod';

/**
 * The one way a route reads its query string: through its schema, where an empty value (`?cursor=`) counts as
 * absent, so a client can always send `cursor=${nextCursor ?? ''}`. Anything else that does not parse is a
 * 400 naming the parameter (validation.ts). The OpenAPI document shows the schema's parameters.
 */
export function queryOf<S extends z.ZodObject>(schema: S) {
  return z.preprocess(withoutEmptyValues, schema);
}

function withoutEmptyValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}
