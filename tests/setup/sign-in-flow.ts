import { createLogger } from '#server/lib/infra/logger.ts';
import { createGoogleIdentityProvider } from '#server/providers/google-identity-provider.ts';
import type { FakeOidcProvider } from '../fakes/oidc-provider.ts';
import type { CookieJar } from './cookies.ts';
import type { TestApp } from './test-app.ts';

/**
 * The steps of the development sign-in a browser goes through, for tests that need to stop or tamper between
 * them: ask for the redirect URL (the jar keeps the state cookie), consent, and come back with code and state.
 */
export async function startDevSignIn(t: TestApp, jar: CookieJar, identity: { name: string; email: string }) {
  const start = await t.request('/api/oauth/google/redirect_url', { cookie: jar.header() });
  jar.take(start);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const consent = new URL(redirectUrl, t.appUrl);
  const authorize = await t.request('/api/dev-identity/authorize', {
    method: 'POST',
    body: {
      ...identity,
      state: consent.searchParams.get('state'),
      nonce: consent.searchParams.get('nonce'),
      code_challenge: consent.searchParams.get('code_challenge'),
    },
  });
  if (authorize.status !== 200)
    throw new Error(`consent failed: ${authorize.status} ${await authorize.text()}`);
  const callback = new URL(((await authorize.json()) as { redirectUrl: string }).redirectUrl, t.appUrl);
  return {
    consent,
    callback,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

/** Google sign-in (the real OpenID Connect client) against the local OIDC server, for `buildTestApp`. */
export function googleSignInThrough(idp: FakeOidcProvider) {
  return () =>
    createGoogleIdentityProvider({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      allowInsecureIssuer: true,
      logger: createLogger('silent'),
    });
}

/**
 * What a browser does with a real OIDC provider (tests/fakes/oidc-provider.ts): ask for the redirect URL (the jar
 * keeps the state cookie), follow it to the provider, land on /auth/callback with its code and state.
 */
export async function startOidcSignIn(t: TestApp, jar: CookieJar) {
  const start = await t.request('/api/oauth/google/redirect_url');
  if (start.status !== 200) throw new Error(`redirect URL failed: ${start.status} ${await start.text()}`);
  jar.take(start);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const authorize = new URL(redirectUrl);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  if (atProvider.status !== 302)
    throw new Error(`the provider answered ${atProvider.status}, not a redirect`);
  const callback = new URL(atProvider.headers.get('location') ?? '');
  return {
    authorize,
    callback,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

/** `POST /api/sessions` as the callback page sends it, with the browser's cookies. */
export function postSession(t: TestApp, jar: CookieJar, body: Record<string, unknown>) {
  return t.request('/api/sessions', { method: 'POST', cookie: jar.header(), body });
}

export async function errorCodeOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}
