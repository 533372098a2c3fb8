import { createMiddleware } from 'hono/factory';

/**
 * What browsers may keep of the API's answers (`Cache-Control` on every `/api/*` answer):
 * - authenticated JSON is `no-store`: no cache keeps it, shared or not, and neither does the app's own offline
 *   copy (the service worker stores nothing the server marks `no-store`: vite.config.ts);
 * - the reads the offline copy needs to start the app without a connection (`offlineReads`, a `GET` answered
 *   200) are `private, no-cache`: only the member's own browser keeps them, and asks again before using them
 *   while online;
 * - an answer that already says `private…` itself (a stored media file, the task list with its `ETag`) keeps it.
 */
export const OFFLINE_READ_CACHE_CONTROL = 'private, no-cache';

export function apiCacheControl(offlineReads: ReadonlySet<string>) {
  return createMiddleware(async (c, next) => {
    await next();
    // On the answer's own headers, not `c.header` (see request-log.ts).
    const headers = c.res.headers;
    if (headers.get('Cache-Control')?.startsWith('private')) return;
    const keptOffline = c.req.method === 'GET' && c.res.status === 200 && offlineReads.has(c.req.path);
    headers.set('Cache-Control', keptOffline ? OFFLINE_READ_CACHE_CONTROL : 'no-store');
  });
}
