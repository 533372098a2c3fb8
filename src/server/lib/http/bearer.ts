import type { Context } from 'hono';

// One whitespace, then the rest (trimmed below): `\s+` before `.*` would trade spaces between the two.
const BEARER = /^bearer(?:\s(.*))?$/i;

/**
 * The credential of an `Authorization: Bearer …` header (RFC 6750), as sent (it may be malformed or empty), or
 * undefined when the request names no bearer. A request that names one is a token's request only: the session
 * cookie is not read (auth-cookies.ts), so the cross-site checks a cookie needs do not apply to it
 * (same-origin-guard.ts), and a browser cannot send this header to another site without a CORS preflight this
 * server never grants.
 */
export function bearerCredentialOf(c: Pick<Context, 'req'>): string | undefined {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}
