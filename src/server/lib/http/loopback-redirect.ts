import ipaddr from 'ipaddr.js';

type Fetch = (request: Request) => Response | Promise<Response>;

/**
 * Outside production, a page opened on another loopback name of this machine than `APP_URL`'s (127.0.0.1 or
 * [::1] when APP_URL says localhost) is sent to the same address under APP_URL's name. The app has one origin:
 * the same-origin guard (same-origin-guard.ts) refuses a write whose `Origin` is another, so a page loaded from
 * http://127.0.0.1:3000 could not even sign in, and its cookies would sit on a host the sign-in's redirect never
 * comes back to. The port stays: a second server tried on one machine (operations.md) is another port of the
 * same name. 307, not 308: a browser does not keep it, and APP_URL may change.
 *
 * Only page loads move (GET or HEAD, a navigation or anything outside `/api/`): an API call from a script or curl
 * is answered where it was sent. In production the server is returned as it is: there every origin but
 * APP_URL's is another site.
 */
export function redirectOtherLoopbackNames(
  fetch: Fetch,
  options: { appUrl: URL; production: boolean },
): Fetch {
  if (options.production || !isLoopbackName(options.appUrl.hostname)) return fetch;
  return (request) => {
    const target = loopbackRedirectTarget(request, options.appUrl);
    return target ? new Response(null, { status: 307, headers: { Location: target } }) : fetch(request);
  };
}

function loopbackRedirectTarget(request: Request, appUrl: URL): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = new URL(request.url);
  if (url.hostname === appUrl.hostname || !isLoopbackName(url.hostname)) return null;
  const navigation = request.headers.get('sec-fetch-mode') === 'navigate';
  if (!navigation && url.pathname.startsWith('/api/')) return null;
  url.hostname = appUrl.hostname;
  return url.toString();
}

/** `localhost` (and its subdomains) or a loopback address, as a URL's hostname writes it (`[::1]`). */
function isLoopbackName(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  const address = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}
