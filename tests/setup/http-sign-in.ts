import { CookieJar } from './cookies.ts';

/**
 * Signs a member in to a running server over real HTTP through the development identity provider, as a browser
 * would (redirect URL, consent, code exchange), and answers the cookie header to send. Used by the benchmarks
 * and the chaos suite, which drive a server process rather than `app.request`. `origin` is the server's public
 * origin (its APP_URL) when that is not `baseUrl`, as for servers behind one balancer (the two-server suite).
 */
export async function signInOverHttp(
  baseUrl: string,
  identity: { name: string; email: string } = { name: 'Bench Member', email: 'bench@example.test' },
  options: { origin?: string } = {},
): Promise<string> {
  const jar = new CookieJar();
  const json = { 'content-type': 'application/json', origin: options.origin ?? baseUrl };
  const start = await fetch(`${baseUrl}/api/oauth/google/redirect_url`);
  jar.take(start);
  const consent = new URL(((await start.json()) as { redirectUrl: string }).redirectUrl, baseUrl);
  const authorize = await fetch(`${baseUrl}/api/dev-identity/authorize`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      ...identity,
      state: consent.searchParams.get('state'),
      nonce: consent.searchParams.get('nonce'),
      code_challenge: consent.searchParams.get('code_challenge'),
    }),
  });
  if (authorize.status !== 200)
    throw new Error(`sign-in consent failed: ${authorize.status} ${await authorize.text()}`);
  const callback = new URL(((await authorize.json()) as { redirectUrl: string }).redirectUrl, baseUrl);
  const session = await fetch(`${baseUrl}/api/sessions`, {
    method: 'POST',
    headers: { ...json, cookie: jar.header() },
    body: JSON.stringify({
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    }),
  });
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
  jar.take(session);
  return jar.header();
}
