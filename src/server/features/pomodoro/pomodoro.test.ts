import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, pomodoroSessions } from '#server/db/schema.ts';
import { pomodoroSessionSchema } from '#shared/pomodoro.ts';
import { signInMember } from '#tests/factories/members.ts';
import { errorCodeOf } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function start(cookie: string, body: unknown = { duration_minutes: 25 }) {
  return t.request('/api/pomodoro', { method: 'POST', cookie, body });
}
async function runSession(cookie: string, timeZone = 'America/Santiago') {
  const started = pomodoroSessionSchema.parse(
    await (await start(cookie, { duration_minutes: 25, time_zone: timeZone })).json(),
  );
  const completed = await t.request(`/api/pomodoro/${started.id}/complete`, {
    method: 'PUT',
    cookie,
    body: {},
  });
  expect(completed.status).toBe(200);
  return pomodoroSessionSchema.parse(await completed.json());
}

describe('pomodoro sessions', () => {
  it('records a 25-minute session and completes it once', async () => {
    const { cookie } = await signInMember(t);
    const response = await start(cookie);
    expect(response.status).toBe(201);
    const session = pomodoroSessionSchema.parse(await response.json());
    expect(session).toMatchObject({ duration_minutes: 25, completed_at: null });
    const first = pomodoroSessionSchema.parse(
      await (
        await t.request(`/api/pomodoro/${session.id}/complete`, { method: 'PUT', cookie, body: {} })
      ).json(),
    );
    t.clock.advance(60_000);
    const again = pomodoroSessionSchema.parse(
      await (
        await t.request(`/api/pomodoro/${session.id}/complete`, { method: 'PUT', cookie, body: {} })
      ).json(),
    );
    expect(again.completed_at).toBe(first.completed_at);
  });

  it.each([
    ['no duration', {}],
    ['a zero duration', { duration_minutes: 0 }],
    ['a duration of the wrong type', { duration_minutes: '25' }],
    ['an unknown time zone', { duration_minutes: 25, time_zone: 'Mars/Olympus_Mons' }],
    ['a malformed time zone', { duration_minutes: 25, time_zone: "'; drop table x; --" }],
  ])('answers 400 to %s', async (_label, body) => {
    const { cookie } = await signInMember(t);
    const response = await start(cookie, body);
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation_failed');
  });

  it('answers 404 for another member’s session and for unknown ids, and leaves it open', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const session = pomodoroSessionSchema.parse(await (await start(owner.cookie)).json());
    for (const id of [String(session.id), '999999', 'abc']) {
      const response = await t.request(`/api/pomodoro/${id}/complete`, {
        method: 'PUT',
        cookie: other.cookie,
        body: {},
      });
      expect(response.status).toBe(404);
    }
    const completed = await t.request(`/api/pomodoro/${session.id}/complete`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: {},
    });
    expect(((await completed.json()) as { completed_at: string | null }).completed_at).not.toBeNull();
  });

  it('awards Four Pomodoros on the fourth session of the member’s day, once', async () => {
    const { cookie, user } = await signInMember(t);
    const earned = async () =>
      (await t.db.select().from(badges).where(eq(badges.userId, user.id))).map((b) => b.badgeType);
    for (let i = 0; i < 3; i++) await runSession(cookie);
    expect(await earned()).toEqual([]);
    await runSession(cookie);
    expect(await earned()).toEqual(['four_pomodoros']);
    await runSession(cookie);
    expect(await earned()).toEqual(['four_pomodoros']);
  });

  it('counts the day in the member’s time zone: sessions either side of their midnight do not add up', async () => {
    const { cookie, user } = await signInMember(t);
    // 02:30 UTC is 23:30 the evening before in Santiago (UTC-3 in November).
    const atHalfPastTwoUtc = new Date('2026-11-25T02:30:00Z').getTime();
    t.clock.advance(atHalfPastTwoUtc - t.clock.now().getTime());
    for (let i = 0; i < 2; i++) await runSession(cookie, 'America/Santiago');
    t.clock.advance(60 * 60_000); // 00:30 in Santiago: a new day there
    for (let i = 0; i < 2; i++) await runSession(cookie, 'America/Santiago');
    expect(await t.db.select().from(badges).where(eq(badges.userId, user.id))).toEqual([]);
    await runSession(cookie, 'America/Santiago');
    await runSession(cookie, 'America/Santiago');
    expect((await t.db.select().from(badges).where(eq(badges.userId, user.id))).length).toBe(1);
  });

  it('awards once when the fourth and fifth sessions complete at the same moment', async () => {
    const { cookie, user } = await signInMember(t);
    for (let i = 0; i < 3; i++) await runSession(cookie);
    await Promise.all([runSession(cookie), runSession(cookie), runSession(cookie)]);
    expect((await t.db.select().from(badges).where(eq(badges.userId, user.id))).length).toBe(1);
  });
});

describe('a focus session start sent again with its Idempotency-Key', () => {
  const startWithKey = (cookie: string, key: string) =>
    t.request('/api/pomodoro', {
      method: 'POST',
      cookie,
      body: { duration_minutes: 25 },
      headers: { 'idempotency-key': key },
    });
  const sessionsOf = async (userId: number) =>
    t.db.select().from(pomodoroSessions).where(eq(pomodoroSessions.userId, userId));

  it('records one session, one after the other or both at once, and answers it each time', async () => {
    const { cookie, user } = await signInMember(t);
    const key = crypto.randomUUID();
    const first = pomodoroSessionSchema.parse(await (await startWithKey(cookie, key)).json());
    const again = await startWithKey(cookie, key);
    expect(again.status).toBe(201);
    expect(pomodoroSessionSchema.parse(await again.json())).toEqual(first);

    const other = crypto.randomUUID();
    const together = await Promise.all([startWithKey(cookie, other), startWithKey(cookie, other)]);
    const ids = await Promise.all(
      together.map(async (answer) => pomodoroSessionSchema.parse(await answer.json()).id),
    );
    expect(ids[0]).toBe(ids[1]);
    expect((await sessionsOf(user.id)).map((session) => session.id).sort()).toEqual(
      [first.id, ids[0]].sort(),
    );
  });

  it('keeps each member’s keys apart, and refuses a malformed key', async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const key = crypto.randomUUID();
    const adas = pomodoroSessionSchema.parse(await (await startWithKey(ada.cookie, key)).json());
    const graces = pomodoroSessionSchema.parse(await (await startWithKey(grace.cookie, key)).json());
    expect(graces.id).not.toBe(adas.id);
    expect(await sessionsOf(grace.user.id)).toHaveLength(1);
    const malformed = await startWithKey(ada.cookie, 'no');
    expect(malformed.status).toBe(400);
    expect(await errorCodeOf(malformed)).toBe('validation_failed');
    expect(await sessionsOf(ada.user.id)).toHaveLength(1);
  });
});
