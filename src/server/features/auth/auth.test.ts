import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInAttempts, users } from '#server/db/schema.ts';
import { userSchema } from '#shared/auth.ts';
import { signInMember } from '#tests/factories/members.ts';
import { CookieJar, parseSetCookie } from '#tests/setup/cookies.ts';
import { errorCodeOf, postSession, startDevSignIn } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function count(table: typeof users | typeof sessions): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

/** Starts a sign-in and consents on the development provider; answers the code and state the callback gets. */
function startAndConsent(jar: CookieJar, identity = { name: 'Grace Hopper', email: 'grace@example.test' }) {
  return startDevSignIn(t, jar, identity);
}

describe('development sign-in', () => {
  it('says which sign-in the login page offers', async () => {
    const response = await t.request('/api/auth/mode');
    expect(await response.json()).toEqual({ mode: 'development' });
  });

  it('signs a member in through redirect URL, consent, code exchange, and /api/users/me', async () => {
    const jar = new CookieJar();
    const { consent, callback, code, state } = await startDevSignIn(t, jar, {
      name: '  Ada King Lovelace ',
      email: 'Ada@Example.test',
    });
    expect(consent.pathname).toBe('/dev-sign-in');
    expect(consent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback.pathname).toBe('/auth/callback');

    const session = await postSession(t, jar, { code, state });
    expect(session.status).toBe(200);
    jar.take(session);
    const cookie = session.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === 'lumara_session');
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(cookie?.attributes.get('samesite')).toBe('Lax');
    expect(cookie?.attributes.get('path')).toBe('/');

    const me = await t.request('/api/users/me', { cookie: jar.header() });
    expect(me.status).toBe(200);
    const user = userSchema.strict().parse(await me.json());
    expect(user.email).toBe('ada@example.test');
    expect(user.google_user_data).toEqual({ name: 'Ada King Lovelace', picture: null });
  });

  it('keeps nonce and PKCE verifier on the server, and only the state in the browser', async () => {
    const jar = new CookieJar();
    const start = await t.request('/api/oauth/google/redirect_url');
    jar.take(start);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    expect(jar.get('lumara_sign_in')).toBe(new URL(redirectUrl, t.appUrl).searchParams.get('state'));
  });

  it('refuses a forged state and writes nothing', async () => {
    const jar = new CookieJar();
    const { code } = await startAndConsent(jar, { name: 'Mallory', email: 'mallory@example.test' });
    const before = { users: await count(users), sessions: await count(sessions) };
    const response = await postSession(t, jar, { code, state: 'forged-state-value' });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('invalid_state');
    expect({ users: await count(users), sessions: await count(sessions) }).toEqual(before);
  });

  it('refuses a code exchange from a browser that never started a sign-in', async () => {
    const { code, state } = await startAndConsent(new CookieJar());
    const response = await t.request('/api/sessions', { method: 'POST', body: { code, state } });
    expect(response.status).toBe(400);
  });

  it('answers a missing code with the failing field', async () => {
    const jar = new CookieJar();
    const { state } = await startAndConsent(jar);
    const response = await postSession(t, jar, { state });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toEqual(['code']);
  });

  it('redeems a code only once', async () => {
    const jar = new CookieJar();
    const { code, state } = await startAndConsent(jar);
    const cookieAtCallback = jar.header();
    const first = await t.request('/api/sessions', {
      method: 'POST',
      cookie: cookieAtCallback,
      body: { code, state },
    });
    expect(first.status).toBe(200);
    const sessionsAfterFirst = await count(sessions);
    // Replayed with the same pending sign-in cookie, as an attacker holding a copy of the request would.
    const replay = await t.request('/api/sessions', {
      method: 'POST',
      cookie: cookieAtCallback,
      body: { code, state },
    });
    expect(replay.status).toBe(400);
    expect(await errorCodeOf(replay)).toBe('invalid_state');
    expect(await count(sessions)).toBe(sessionsAfterFirst);
  });

  it('refuses a code when the PKCE verifier does not match', async () => {
    const jar = new CookieJar();
    const { code, state } = await startAndConsent(jar);
    // As if the code had been intercepted and redeemed with another verifier.
    await t.db.update(signInAttempts).set({ codeVerifier: 'x'.repeat(43) });
    const response = await postSession(t, jar, { code, state });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('invalid_code');
  });

  it('refuses an email of a reserved domain at consent: no one signs in as the Deleted member', async () => {
    for (const email of ['deleted-member@lumara.invalid', 'ada@example.com', 'ada@host.localhost']) {
      const consent = new URL(
        ((await (await t.request('/api/oauth/google/redirect_url')).json()) as { redirectUrl: string })
          .redirectUrl,
        t.appUrl,
      );
      const response = await t.request('/api/dev-identity/authorize', {
        method: 'POST',
        body: {
          name: 'Someone',
          email,
          state: consent.searchParams.get('state'),
          nonce: consent.searchParams.get('nonce'),
          code_challenge: consent.searchParams.get('code_challenge'),
        },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { email: expect.stringMatching(/domain is reserved/) } },
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'deleted-member@lumara.invalid'))).toEqual(
      [],
    );
  });

  it('validates the consent form', async () => {
    const response = await t.request('/api/dev-identity/authorize', {
      method: 'POST',
      body: { name: ' ', email: 'not-an-email', state: 's', nonce: 'n', code_challenge: 'c'.repeat(43) },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'name']);
  });
});

describe('sessions', () => {
  it('answers 401 without a session, with an unknown one, and with a malformed cookie', async () => {
    for (const cookie of [undefined, `lumara_session=${'a'.repeat(43)}`, 'lumara_session=%%%; other=1']) {
      const response = await t.request('/api/users/me', cookie ? { cookie } : {});
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: 'unauthenticated', message: 'Sign in to continue' },
      });
    }
  });

  it('starts a new session at every sign-in and ends the one the browser had', async () => {
    const first = await signInMember(t, { email: 'rotate@example.test' });
    const oldCookie = first.cookie;
    const second = await signInMember(t, { email: 'rotate@example.test' }, first.jar);
    expect(second.cookie).not.toBe(oldCookie);
    expect(second.user.id).toBe(first.user.id);
    expect((await t.request('/api/users/me', { cookie: oldCookie })).status).toBe(401);
    expect((await t.request('/api/users/me', { cookie: second.cookie })).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const { jar } = await signInMember(t);
    const token = jar.get('lumara_session') ?? '';
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('expires after 30 days without use', async () => {
    const { cookie } = await signInMember(t);
    t.clock.advance(SESSION_IDLE_MS + 1000);
    const response = await t.request('/api/users/me', { cookie });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().some((line) => /^lumara_session=;/.test(line))).toBe(true);
  });

  it('slides with use but ends 90 days after sign-in whatever the use', async () => {
    const { cookie } = await signInMember(t);
    const step = 20 * 24 * 60 * 60_000;
    for (let elapsed = step; elapsed < SESSION_ABSOLUTE_MS; elapsed += step) {
      t.clock.advance(step);
      const response = await t.request('/api/users/me', { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().some((line) => line.startsWith('lumara_session='))).toBe(true);
    }
    t.clock.advance(step);
    expect((await t.request('/api/users/me', { cookie })).status).toBe(401);
  });

  it('logs out: the session is deleted server-side and the cookie cleared', async () => {
    const { cookie } = await signInMember(t);
    const before = await count(sessions);
    const response = await t.request('/api/logout', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((line) => /^lumara_session=;/.test(line))).toBe(true);
    expect(response.headers.get('clear-site-data')).toBe('"cache", "cookies"');
    expect(await count(sessions)).toBe(before - 1);
    expect((await t.request('/api/users/me', { cookie })).status).toBe(401);
  });

  it('refuses a sign-out a page of another site sends from a browser without Fetch Metadata, and keeps the session', async () => {
    const { cookie } = await signInMember(t);
    for (const [method, headers] of [
      ['GET', { referer: 'https://evil.example/funny-cats' }],
      ['GET', { origin: 'https://evil.example' }],
      ['GET', { referer: 'http://localhost:3000.evil.example/' }],
      ['GET', { referer: 'not a URL' }],
      ['POST', { referer: 'https://evil.example/funny-cats', origin: t.appUrl.origin }],
    ] as const) {
      const response = await t.request('/api/logout', { method, cookie, headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 'cross_site_request', message: 'Requests from other sites are not accepted' },
      });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('clear-site-data')).toBeNull();
    }
    expect((await t.request('/api/users/me', { cookie })).status).toBe(200);

    // The app's own pages sign out, with or without Fetch Metadata.
    const fromOwnPage = await t.request('/api/logout', {
      cookie,
      headers: { referer: `${t.appUrl.origin}/settings` },
    });
    expect(fromOwnPage.status).toBe(200);
    expect((await t.request('/api/users/me', { cookie })).status).toBe(401);
    const fetched = await signInMember(t);
    const withFetchMetadata = await t.request('/api/logout', {
      cookie: fetched.cookie,
      headers: { 'sec-fetch-site': 'same-origin', referer: `${t.appUrl.origin}/` },
    });
    expect(withFetchMetadata.status).toBe(200);
  });

  it('logs out without a session too', async () => {
    expect((await t.request('/api/logout')).status).toBe(200);
  });
});

describe('cookies over https', () => {
  it('are Secure and __Host- prefixed, and HSTS is a year', async () => {
    const secure = await buildTestApp({ appUrl: 'https://lumara.example' });
    try {
      const start = await secure.request('/api/oauth/google/redirect_url');
      const cookie = parseSetCookie(start.headers.getSetCookie()[0] ?? '');
      expect(cookie.name).toBe('__Host-lumara_sign_in');
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.has('domain')).toBe(false);
      expect(start.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const { jar } = await signInMember(secure);
      expect(jar.get('__Host-lumara_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await secure.close();
    }
  });
});
