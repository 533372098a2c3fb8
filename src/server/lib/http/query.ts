import { z } from 'zod';

/**
 * The one way a route reads its query string: through its schema, where an empty value (`?cursor=`) counts as
 * absent, so a client can always send `cursor=${nextCursor ?? ''}`. Anything else that does not parse is a
 * 400 naming the parameter (validation.ts). The OpenAPI document shows the schema's parameters.
 */
export function queryOf<S extends z.ZodObject>(schema: S): S {
  // Typed as the object itself: what a client may send and what the handler reads are the object's input and
  // output (the preprocessing only drops empty values), and the route declarations take an object for a query.
  return z.preprocess(withoutEmptyValues, schema) as unknown as S;
}

function withoutEmptyValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}
