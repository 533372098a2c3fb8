import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInAttempts } from '#server/db/schema.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { SIGN_IN_TTL_MS } from './auth-cookies.ts';
import { SESSION_IDLE_MS } from './sessions.service.ts';
import { scheduleSignInSweep, sweepExpiredSignIns } from './sign-in-sweep.ts';

/** Ended sessions and abandoned sign-in attempts leave the database on a schedule, from any number of servers. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rows = async (table: typeof sessions | typeof signInAttempts) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('the sign-in sweep', () => {
  it('removes sessions past their expiry and attempts past theirs, and keeps live ones', async () => {
    const idle = await signInMember(t);
    const abandoned = await t.request('/api/oauth/google/redirect_url');
    expect(abandoned.status).toBe(200);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    const live = await signInMember(t);
    t.clock.advance(2 * 60_000);
    const started = await t.request('/api/oauth/google/redirect_url');
    expect(started.status).toBe(200);

    const swept = await sweepExpiredSignIns(t.db, t.clock.now());
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.attempts).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((row) => row.userId)).toContain(live.user.id);
    expect(left.map((row) => row.userId)).not.toContain(idle.user.id);
    // The attempt started a moment ago is still there to finish; none left has expired.
    expect(await rows(signInAttempts)).toBeGreaterThanOrEqual(1);
    expect(await sweepExpiredSignIns(t.db, t.clock.now())).toEqual({ sessions: 0, attempts: 0 });
    expect((await t.request('/api/users/me', { cookie: live.cookie })).status).toBe(200);
  });

  it('is safe with several servers sweeping at once: every ended row goes once', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => signInMember(t)));
    t.clock.advance(SESSION_IDLE_MS + SIGN_IN_TTL_MS);
    const ids = members.map((member) => member.user.id);
    const results = await Promise.all([1, 2, 3].map(() => sweepExpiredSignIns(t.db, t.clock.now())));
    expect(results.reduce((sum, result) => sum + result.sessions, 0)).toBeGreaterThanOrEqual(ids.length);
    expect(await t.db.select().from(sessions).where(inArray(sessions.userId, ids))).toEqual([]);
    expect(await rows(signInAttempts)).toBe(0);
  });

  it('runs at start-up and then on its schedule', async () => {
    await signInMember(t);
    await t.request('/api/oauth/google/redirect_url');
    t.clock.advance(SESSION_IDLE_MS + SIGN_IN_TTL_MS);
    const stop = scheduleSignInSweep({
      db: t.db,
      logger: createLogger('silent'),
      everyMs: 50,
      now: t.clock.now,
    });
    try {
      await expect.poll(() => rows(sessions)).toBe(0);
      await signInMember(t);
      t.clock.advance(SESSION_IDLE_MS + SIGN_IN_TTL_MS);
      await expect.poll(async () => (await rows(sessions)) + (await rows(signInAttempts))).toBe(0);
    } finally {
      stop();
    }
  });
});
