import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema.ts';
import { type MemberSession, memberSessionsResponseSchema } from '#shared/auth.ts';
import { buildMemberIdentity, signInMember } from '#tests/factories/members.ts';
import { CookieJar } from '#tests/setup/cookies.ts';
import { startDevSignIn } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * A member sees their signed-in browsers and ends any of them (`GET /api/sessions`, `DELETE /api/sessions/{id}`,
 * `DELETE /api/sessions/others`); nobody sees or ends another member's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/18.0 Mobile/15E148 Safari/604.1';

/** Signs the member with `identity` in from one more browser, which says it is `userAgent`. */
async function signInFrom(identity: { name: string; email: string }, userAgent?: string): Promise<string> {
  const jar = new CookieJar();
  const { code, state } = await startDevSignIn(t, jar, identity);
  const session = await t.request('/api/sessions', {
    method: 'POST',
    cookie: jar.header(),
    body: { code, state },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(session.status).toBe(200);
  jar.take(session);
  return jar.header();
}

async function listSessions(cookie: string): Promise<MemberSession[]> {
  const response = await t.request('/api/sessions', { cookie });
  expect(response.status).toBe(200);
  return memberSessionsResponseSchema.strict().parse(await response.json()).sessions;
}

const endSession = (cookie: string, id: string) =>
  t.request(`/api/sessions/${id}`, { method: 'DELETE', cookie });
const isSignedIn = async (cookie: string) => (await t.request('/api/users/me', { cookie })).status === 200;

describe('the member’s sessions', () => {
  it('lists every browser of the member, this one marked, named by an id that is nothing of the token', async () => {
    const identity = buildMemberIdentity();
    const laptop = await signInFrom(identity, CHROME_ON_LINUX);
    t.clock.advance(2 * 60 * 60_000);
    const phone = await signInFrom(identity, SAFARI_ON_IPHONE);

    const listed = await listSessions(phone);
    expect(listed).toEqual([
      expect.objectContaining({ browser: 'Safari', os: 'iOS', current: true }),
      expect.objectContaining({ browser: 'Chrome', os: 'Linux', current: false }),
    ]);
    expect((await listSessions(laptop)).map((session) => session.current)).toEqual([false, true]);

    const text = JSON.stringify(listed);
    for (const { tokenHash } of await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions))
      expect(text).not.toContain(tokenHash);
    for (const cookie of [laptop, phone]) expect(text).not.toContain(cookie.split('=')[1]);
  });

  it('says nothing it does not know of a browser', async () => {
    const { cookie } = await signInMember(t);
    expect(await listSessions(cookie)).toEqual([
      expect.objectContaining({ browser: null, os: null, current: true }),
    ]);
  });

  it('signs one other browser out, and leaves this one signed in', async () => {
    const identity = buildMemberIdentity();
    const [laptop, phone, tablet] = [
      await signInFrom(identity, CHROME_ON_LINUX),
      await signInFrom(identity, SAFARI_ON_IPHONE),
      await signInFrom(identity),
    ];
    const phoneSession = (await listSessions(phone)).find((session) => session.current);
    const response = await endSession(laptop, phoneSession?.id ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await isSignedIn(phone)).toBe(false);
    expect([await isSignedIn(laptop), await isSignedIn(tablet)]).toEqual([true, true]);
    expect((await listSessions(laptop)).length).toBe(2);
    // Already ended: nothing to end.
    expect((await endSession(laptop, phoneSession?.id ?? '')).status).toBe(404);
  });

  it('signs out everywhere else, and tells the other browsers’ live streams', async () => {
    const identity = buildMemberIdentity();
    const others = [await signInFrom(identity), await signInFrom(identity)];
    const here = await signInFrom(identity);
    const told: unknown[] = [];
    const stop = t.events.subscribe((delivery) => told.push(delivery));
    try {
      const response = await t.request('/api/sessions/others', { method: 'DELETE', cookie: here });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ended: 2 });
    } finally {
      stop();
    }
    for (const cookie of others) expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect((await listSessions(here)).map((session) => session.current)).toEqual([true]);
    expect(told).toEqual([expect.objectContaining({ event: { type: 'session.ended', data: {} } })]);
    const again = await t.request('/api/sessions/others', { method: 'DELETE', cookie: here });
    expect(await again.json()).toEqual({ ended: 0 });
  });

  it('ends this browser’s own session as logout does', async () => {
    const { cookie } = await signInMember(t);
    const [mine] = await listSessions(cookie);
    const response = await endSession(cookie, mine?.id ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((line) => /^lumara_session=;/.test(line))).toBe(true);
    expect(response.headers.get('clear-site-data')).toBe('"cache", "cookies"');
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('never shows or ends another member’s session: 404, and it stays', async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const [graceSession] = await listSessions(grace.cookie);
    const response = await endSession(ada.cookie, graceSession?.id ?? '');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'That session was not found' },
    });
    expect(await isSignedIn(grace.cookie)).toBe(true);
    expect((await listSessions(ada.cookie)).map((session) => session.id)).not.toContain(graceSession?.id);
    // Ending "everything else" is the member's own sessions only.
    await t.request('/api/sessions/others', { method: 'DELETE', cookie: ada.cookie });
    expect(await isSignedIn(grace.cookie)).toBe(true);
  });

  it('answers 404 to an id that names no session, and 401 without a session', async () => {
    const { cookie } = await signInMember(t);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"])
      expect((await endSession(cookie, encodeURIComponent(id))).status).toBe(404);
    expect((await t.request('/api/sessions')).status).toBe(401);
    expect((await t.request('/api/sessions/others', { method: 'DELETE' })).status).toBe(401);
  });
});
