/**
 * What the service worker keeps of the API for an offline start (vite.config.ts, `runtimeCaching`; decision 0025
 * and 0030). The server decides: it marks the reads the offline copy needs `private, no-cache` and everything else
 * `no-store` (src/server/lib/http/api-cache-control.ts), and the worker stores nothing marked `no-store`. On top of that,
 * whatever the headers say, it never looks at the live-event stream, media files, downloads, sign-in, the account
 * (the whole export archive among it) or the API reference.
 *
 * Workbox writes these functions into the worker as their source text: each must stand alone, naming nothing
 * outside itself (the cache's name is written out for that reason; it is `OFFLINE_API_CACHE`).
 */

type RouteMatch = { url: URL; request: Request; sameOrigin: boolean };

/** The requests the offline copy's route handles (network first, the kept answer when offline). */
export const isOfflineCopyRequest = ({ url, request, sameOrigin }: RouteMatch): boolean =>
  sameOrigin &&
  request.method === 'GET' &&
  url.pathname.startsWith('/api/') &&
  ![
    '/api/events',
    '/api/media/',
    '/api/download',
    '/api/oauth/',
    '/api/logout',
    '/api/account',
    '/api/docs',
    '/api/openapi.json',
  ].some((prefix) => url.pathname.startsWith(prefix));

/**
 * The pages the server paints (src/server/composition/first-paint.ts, decision 0039): asked of the network, so a
 * member with the worker installed still gets the page with its first screen in it; the precached app's page when
 * offline. Every other page is the precached one at once, as before.
 */
export const isServerPaintedPage = ({ url, request, sameOrigin }: RouteMatch): boolean =>
  sameOrigin &&
  request.mode === 'navigate' &&
  (url.pathname === '/' || url.pathname === '/dashboard' || url.pathname === '/login');

/** A Workbox plugin: a page painted for the member is never kept (the precached page serves offline starts). */
export const keepNoPage = {
  cacheWillUpdate: async (): Promise<Response | null> => null,
};

/** A Workbox plugin: the server's `no-store` is obeyed, and a signed-out browser keeps nothing of the member. */
export const offlineCopyPlugin = {
  /** Only an answer the server allows to be kept: none marked `no-store`, none without a `Cache-Control`. */
  cacheWillUpdate: async ({ response }: { response: Response }): Promise<Response | null> => {
    const cacheControl = response.headers.get('Cache-Control');
    return cacheControl !== null && !/(^|[\s,])no-store([\s,]|$)/i.test(cacheControl) ? response : null;
  },
  /** `/api/users/me` answering 401: the session is over, so the member's copy goes (the page forgets the rest). */
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status === 401 && new URL(request.url).pathname === '/api/users/me') {
      await caches.delete('lumara-api');
    }
    return response;
  },
};
