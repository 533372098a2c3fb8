import type { User } from '#shared/auth.ts';
import { CookieJar } from '#tests/setup/cookies.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

export type MemberOverrides = { name?: string; email?: string };

export function buildMemberIdentity(overrides: MemberOverrides = {}): { name: string; email: string } {
  sequence += 1;
  return {
    name: overrides.name ?? `Ada Lovelace ${sequence}`,
    email: overrides.email ?? `member${sequence}.${process.pid}@example.test`,
  };
}

/**
 * Signs a member in through the whole development sign-in flow (redirect URL, consent, code exchange), so every
 * test that needs a member also exercises the real path. Returns the browser's cookie jar.
 */
export async function signInMember(t: TestApp, overrides: MemberOverrides = {}, jar = new CookieJar()) {
  const identity = buildMemberIdentity(overrides);
  const start = await t.request('/api/oauth/google/redirect_url', { cookie: jar.header() });
  jar.take(start);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const consent = new URL(redirectUrl, t.appUrl);
  const authorize = await t.request('/api/dev-identity/authorize', {
    method: 'POST',
    body: {
      name: identity.name,
      email: identity.email,
      state: consent.searchParams.get('state'),
      nonce: consent.searchParams.get('nonce'),
      code_challenge: consent.searchParams.get('code_challenge'),
    },
  });
  const callback = new URL(((await authorize.json()) as { redirectUrl: string }).redirectUrl, t.appUrl);
  const session = await t.request('/api/sessions', {
    method: 'POST',
    cookie: jar.header(),
    body: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
  });
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
  jar.take(session);
  const me = await t.request('/api/users/me', { cookie: jar.header() });
  const user = (await me.json()) as User;
  return { jar, cookie: jar.header(), user, identity };
}
