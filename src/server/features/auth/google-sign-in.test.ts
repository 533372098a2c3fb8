import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identities, users } from '#server/db/schema.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { createGoogleIdentityProvider } from '#server/providers/google-identity-provider.ts';
import { type FakeOidcProvider, startFakeOidcProvider } from '#tests/fakes/oidc-provider.ts';
import { CookieJar } from '#tests/setup/cookies.ts';
import { errorCodeOf, googleSignInThrough, postSession, startOidcSignIn } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** Google sign-in as real OpenID Connect, run against a real OIDC server on 127.0.0.1. */
let idp: FakeOidcProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startFakeOidcProvider();
  t = await buildTestApp({ identityProvider: googleSignInThrough(idp) });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});
beforeEach(() => {
  idp.setIdentity({
    sub: 'google-sub-ada',
    email: 'ada@example.test',
    name: 'Ada Lovelace',
    picture: 'https://example.test/ada.png',
  });
});

const goToProviderAndBack = (jar: CookieJar) => startOidcSignIn(t, jar);

describe('Google sign-in (OpenID Connect)', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce, and back to /auth/callback', async () => {
    const { authorize, callback } = await goToProviderAndBack(new CookieJar());
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('client_id')).toBe(idp.clientId);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(`${callback.origin}${callback.pathname}`).toBe('http://localhost:3000/auth/callback');
  });

  it('signs the member in and shows them through /api/users/me', async () => {
    const jar = new CookieJar();
    const { code, state } = await goToProviderAndBack(jar);
    const session = await postSession(t, jar, { code, state });
    expect(session.status).toBe(200);
    jar.take(session);
    const me = await t.request('/api/users/me', { cookie: jar.header() });
    expect(me.status).toBe(200);
    // The provider's picture is a link to its host: never shown as it is (it would see who looks at it).
    expect(await me.json()).toMatchObject({
      email: 'ada@example.test',
      google_user_data: { name: 'Ada Lovelace', picture: null },
    });
  });

  it('keys members on the subject: a returning member is the same member', async () => {
    const ids: number[] = [];
    for (const email of ['first@example.test', 'changed@example.test']) {
      idp.setIdentity({ sub: 'google-sub-stable', email, name: 'Stable Member' });
      const jar = new CookieJar();
      const { code, state } = await goToProviderAndBack(jar);
      const session = await postSession(t, jar, { code, state });
      jar.take(session);
      ids.push(
        ((await (await t.request('/api/users/me', { cookie: jar.header() })).json()) as { id: number }).id,
      );
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it.each(['deleted-member@lumara.invalid', 'Admin@Example.com', 'printer@office.local', 'root@localhost'])(
    'refuses %s, of a reserved domain, even verified, and creates no one',
    async (email) => {
      idp.setIdentity({ sub: `google-sub-${email}`, email, name: 'Reserved' });
      const jar = new CookieJar();
      const { code, state } = await goToProviderAndBack(jar);
      const before = await t.db.select({ id: users.id }).from(users);
      const response = await postSession(t, jar, { code, state });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          code: 'forbidden',
          message: 'This email address cannot sign in: its domain is reserved and receives no mail',
        },
      });
      expect(await t.db.select({ id: users.id }).from(users)).toEqual(before);
    },
  );

  it('keeps whether the provider verified the email, and the issuer that vouched for the subject', async () => {
    for (const emailVerified of [false, true]) {
      idp.setIdentity({ sub: 'google-sub-verify', email: 'verify@example.test', name: 'V', emailVerified });
      const jar = new CookieJar();
      const { code, state } = await goToProviderAndBack(jar);
      expect((await postSession(t, jar, { code, state })).status).toBe(200);
      const [row] = await t.db
        .select({ emailVerified: users.emailVerified, issuer: identities.issuer })
        .from(users)
        .innerJoin(identities, eq(identities.userId, users.id))
        .where(eq(identities.subject, 'google-sub-verify'));
      expect(row).toEqual({ emailVerified, issuer: idp.issuer });
    }
  });

  it('refuses a forged state', async () => {
    const jar = new CookieJar();
    const { code } = await goToProviderAndBack(jar);
    const response = await postSession(t, jar, { code, state: 'forged' });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('invalid_state');
  });

  it('answers a missing code with 400', async () => {
    const jar = new CookieJar();
    const { state } = await goToProviderAndBack(jar);
    const response = await postSession(t, jar, { state });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation_failed');
  });

  it('refuses a replayed code', async () => {
    const jar = new CookieJar();
    const { code, state } = await goToProviderAndBack(jar);
    const cookie = jar.header();
    expect((await t.request('/api/sessions', { method: 'POST', cookie, body: { code, state } })).status).toBe(
      200,
    );
    const replay = await t.request('/api/sessions', { method: 'POST', cookie, body: { code, state } });
    expect(replay.status).toBe(400);
  });

  it('answers 400 when the provider refuses the code (invalid_grant)', async () => {
    const jar = new CookieJar();
    const { code, state } = await goToProviderAndBack(jar);
    idp.failNextTokenRequest(400, { error: 'invalid_grant', error_description: 'code expired' });
    const response = await postSession(t, jar, { code, state });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('invalid_code');
  });

  it('answers 502 when the token endpoint fails', async () => {
    const jar = new CookieJar();
    const { code, state } = await goToProviderAndBack(jar);
    idp.failNextTokenRequest(500, { error: 'server_error' });
    const response = await postSession(t, jar, { code, state });
    expect(response.status).toBe(502);
    expect(await errorCodeOf(response)).toBe('sign_in_provider_failed');
  });

  it.each([
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['another nonce', { nonce: 'not-the-one-we-sent' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('refuses an ID token with %s and signs no one in', async (_label, claims) => {
    const jar = new CookieJar();
    const { code, state } = await goToProviderAndBack(jar);
    idp.tamperNextIdToken(claims);
    const response = await postSession(t, jar, { code, state });
    expect(response.status).toBe(401);
    expect(await errorCodeOf(response)).toBe('sign_in_rejected');
    expect(
      response.headers
        .getSetCookie()
        .some((line) => line.startsWith('lumara_session=') && !/^lumara_session=;/.test(line)),
    ).toBe(false);
  });
});

describe('Google sign-in when the provider is down', () => {
  it('answers 502 for the redirect URL while discovery fails', async () => {
    const down = await buildTestApp({
      identityProvider: () =>
        createGoogleIdentityProvider({
          issuer: 'http://127.0.0.1:9',
          clientId: 'x',
          clientSecret: undefined,
          allowInsecureIssuer: true,
          logger: createLogger('silent'),
        }),
    });
    try {
      const response = await down.request('/api/oauth/google/redirect_url');
      expect(response.status).toBe(502);
      expect(await errorCodeOf(response)).toBe('sign_in_provider_failed');
    } finally {
      await down.close();
    }
  });
});
