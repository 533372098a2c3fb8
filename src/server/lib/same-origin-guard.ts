import { createMiddleware } from 'hono/factory';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Cross-site request forgery defence for /api (security-reliability.md §0.1, A4). Hono's csrf() checks only
 * form and text bodies and lets cross-site JSON through, so:
 * - any request a browser marks `Sec-Fetch-Site: cross-site` or `same-site` is refused (403), reads included:
 *   GET /api/logout changes state and costly reads must not be triggered by other sites;
 * - a state-changing request must carry `Content-Type: application/json` (415), which no HTML form can send and
 *   which forces a CORS preflight that this server never grants;
 * - an `Origin` header, when present, must be the app's own (403).
 */
export function sameOriginGuard(options: { appOrigin: string }) {
  return createMiddleware(async (c, next) => {
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite && !ALLOWED_FETCH_SITES.has(fetchSite.toLowerCase())) {
      throw new AppError('cross_site_request', 'Requests from other sites are not accepted');
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (origin !== undefined && origin !== options.appOrigin) {
        throw new AppError('cross_site_request', 'Requests from other sites are not accepted');
      }
      const contentType = c.req.header('content-type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        throw new AppError('unsupported_media_type', 'Send the request body as application/json');
      }
    }
    await next();
  });
}
