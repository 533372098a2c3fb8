import type { Context } from 'hono';

/**
 * Revalidation for a member's own list (RFC 9110 §13.1.2): gives the answer its `ETag` and tells the browser to
 * keep it but ask every time (`private, no-cache`: only the member's browser stores it, never a shared cache).
 * Answers true when the request's `If-None-Match` already names this version, so the route answers 304 without
 * reading the list. `etag` must change whenever the list does and differ between members.
 */
export function alreadyHasVersion(c: Context, etag: string): boolean {
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  const ifNoneMatch = c.req.header('If-None-Match');
  if (!ifNoneMatch) return false;
  // Weak comparison: a compressed and a plain copy of one version are the same version.
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
