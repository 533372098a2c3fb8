import { createMiddleware } from 'hono/factory';
import { bearerCredentialOf } from './bearer.ts';
import { AppError } from './errors.ts';
import { say } from './request-language.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Cross-site request forgery defence for /api (decision 0004). Hono's csrf()
 * checks only form and text bodies and lets cross-site JSON through, so, in this order:
 * - any request a browser marks `Sec-Fetch-Site: cross-site` or `same-site` is refused (403), reads included:
 *   GET /api/logout changes state and costly reads must not be triggered by other sites;
 * - on a state-changing request, an `Origin` header, when present, must be the app's own (403);
 * - a state-changing request that carries a body, or names a content type, must send `application/json` (415):
 *   no HTML form can, and a cross-site script would need a CORS preflight, which this server never grants. A
 *   write with no body and no content type (`DELETE /api/tasks/1` from curl, every call that takes no body)
 *   goes on to the session check (401) and the route: a browser always names its Origin on such a request from
 *   another site, and the session cookie (SameSite=Lax) is not even sent with it.
 *   A route that takes a file (`uploads`: an account archive) takes its own type instead: `application/zip` is
 *   no more sendable by a form than JSON is, and a cross-site script sending it needs the same preflight.
 * A request with `Authorization: Bearer` skips the two site checks: it is a personal access token's, never the
 * session cookie's (auth-cookies.ts ignores the cookie then), and a token is no ambient credential a browser
 * adds by itself, so another site cannot make a member's browser send it.
 */
export function sameOriginGuard(options: { appOrigin: string; uploads?: Record<string, string> }) {
  return createMiddleware(async (c, next) => {
    const bearer = bearerCredentialOf(c) !== undefined;
    const fetchSite = c.req.header('sec-fetch-site');
    if (!bearer && fetchSite && !ALLOWED_FETCH_SITES.has(fetchSite.toLowerCase())) {
      throw new AppError('cross_site_request', say('server.http.crossSite'));
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (!bearer && origin !== undefined && origin !== options.appOrigin) {
        throw new AppError('cross_site_request', say('server.http.crossSite'));
      }
      const contentType = c.req.header('content-type');
      const upload = options.uploads?.[c.req.path];
      if (hasBody(c.req.raw.headers) || contentType !== undefined) {
        if (upload && (contentType ?? '').split(';')[0]?.trim().toLowerCase() !== upload) {
          throw new AppError('unsupported_media_type', say('server.http.sendFileAs', { type: upload }));
        }
        if (!upload && !JSON_TYPE.test(contentType ?? '')) {
          throw new AppError('unsupported_media_type', say('server.http.sendJsonType'));
        }
      }
    }
    await next();
  });
}

/** Whether the request says a body follows: a positive Content-Length, or any Transfer-Encoding (chunked). */
function hasBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding')) return true;
  const length = headers.get('content-length');
  return length !== null && length.trim() !== '0';
}

/**
 * For a GET that changes state all the same (`GET /api/logout`, as clients have always called it). The guard
 * above refuses it when the browser says it comes from another site (`Sec-Fetch-Site`), but a browser without
 * Fetch Metadata says nothing, and a cross-site link or redirect still carries the SameSite=Lax cookie on a
 * top-level GET. Such a request names the page it came from in `Origin` or `Referer`: one of another origin
 * is refused (403), and the session stays. A request naming neither (curl, a bookmark, a page whose referrer
 * policy hides it) goes on: the app's own pages always send Fetch Metadata in the browsers that run the app.
 */
export function refuseOtherSitesWithoutFetchMetadata(options: { appOrigin: string }) {
  return createMiddleware(async (c, next) => {
    if (!c.req.header('sec-fetch-site')) {
      const origin = c.req.header('origin');
      const referer = c.req.header('referer');
      if (
        (origin !== undefined && origin !== options.appOrigin) ||
        (referer !== undefined && originOf(referer) !== options.appOrigin)
      ) {
        throw new AppError('cross_site_request', say('server.http.crossSite'));
      }
    }
    await next();
  });
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
