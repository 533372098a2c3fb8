import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, pomodoroSessions, scheduledNotifications } from '#server/db/schema.ts';
import type { Delivery } from '#server/lib/infra/event-bus.ts';
import { type PomodoroTimer, pomodoroSessionSchema, pomodoroTimerSchema } from '#shared/pomodoro.ts';
import { signInMember } from '#tests/factories/members.ts';
import { errorCodeOf } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function readTimer(cookie: string): Promise<PomodoroTimer> {
  const response = await t.request('/api/pomodoro/timer', { cookie });
  expect(response.status).toBe(200);
  return pomodoroTimerSchema.parse(await response.json());
}

function act(cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.request('/api/pomodoro/timer', { method: 'PUT', cookie, body, headers });
}

async function acted(cookie: string, body: Record<string, unknown>): Promise<PomodoroTimer> {
  const response = await act(cookie, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return pomodoroTimerSchema.parse(await response.json());
}

async function refusal(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** The member's `pomodoro.finished` rows, oldest first: what the dispatcher would send, and when. */
async function timerEnds(userId: number) {
  const rows = await t.db
    .select()
    .from(scheduledNotifications)
    .where(
      and(eq(scheduledNotifications.userId, userId), eq(scheduledNotifications.type, 'pomodoro.finished')),
    )
    .orderBy(scheduledNotifications.id);
  return rows.map((row) => ({
    key: row.dedupeKey,
    status: row.status,
    sendAt: row.sendAt.toISOString(),
    payload: row.payload,
  }));
}

async function sessionsOf(userId: number) {
  return t.db
    .select()
    .from(pomodoroSessions)
    .where(eq(pomodoroSessions.userId, userId))
    .orderBy(pomodoroSessions.id);
}

function recordEvents() {
  const seen: Delivery[] = [];
  const stop = t.events.subscribe((delivery) => seen.push(delivery));
  return { seen, stop };
}

async function createTask(cookie: string, title = 'Write the report'): Promise<number> {
  const response = await t.request('/api/tasks', { method: 'POST', cookie, body: { title } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe('the shared timer', () => {
  it('is idle at version 0 for a member who never used it', async () => {
    const { cookie } = await signInMember(t);
    expect(await readTimer(cookie)).toEqual({
      state: 'idle',
      session_id: null,
      duration_minutes: 25,
      ends_at: null,
      remaining_seconds: null,
      task_id: null,
      version: 0,
    });
  });

  it('starts: records a 25-minute session as POST /api/pomodoro does, plans the push at its end, and tells the member’s devices', async () => {
    const { cookie, user } = await signInMember(t);
    const other = await signInMember(t);
    const events = recordEvents();
    const now = t.clock.now();
    const timer = await acted(cookie, { action: 'start', time_zone: 'America/Santiago' });
    events.stop();
    const endsAt = new Date(now.getTime() + 25 * MINUTE);
    expect(timer).toMatchObject({
      state: 'running',
      duration_minutes: 25,
      ends_at: endsAt.toISOString(),
      remaining_seconds: 1500,
      task_id: null,
      version: 1,
    });
    const [session] = await sessionsOf(user.id);
    expect(session).toMatchObject({
      id: timer.session_id,
      durationMinutes: 25,
      timeZone: 'America/Santiago',
      startedAt: now,
      completedAt: null,
    });
    expect(await timerEnds(user.id)).toEqual([
      {
        key: `pomodoro.finished:${timer.session_id}:${endsAt.getTime()}`,
        status: 'pending',
        sendAt: endsAt.toISOString(),
        payload: { session_id: timer.session_id },
      },
    ]);
    expect(events.seen).toEqual([
      { audience: { kind: 'member', userId: user.id }, event: { type: 'pomodoro.timer', data: timer } },
    ]);
    // The same timer on another device of the member; another member's stays theirs.
    expect(await readTimer(cookie)).toEqual(timer);
    expect((await readTimer(other.cookie)).state).toBe('idle');
  });

  it('pauses keeping the time left, resumes from now, and moves the planned push each time', async () => {
    const { cookie, user } = await signInMember(t);
    const started = await acted(cookie, { action: 'start' });
    t.clock.advance(5 * MINUTE + 400);
    const paused = await acted(cookie, { action: 'pause' });
    expect(paused).toMatchObject({
      state: 'paused',
      session_id: started.session_id,
      ends_at: null,
      remaining_seconds: 1200,
      version: 2,
    });
    expect((await timerEnds(user.id)).map((row) => row.status)).toEqual(['cancelled']);

    // Paused, the time left holds however long it stays so.
    t.clock.advance(30 * MINUTE);
    expect(await readTimer(cookie)).toEqual(paused);

    const resumed = await acted(cookie, { action: 'resume' });
    const endsAt = new Date(t.clock.now().getTime() + 1200 * 1000);
    expect(resumed).toMatchObject({
      state: 'running',
      session_id: started.session_id,
      ends_at: endsAt.toISOString(),
      remaining_seconds: 1200,
      version: 3,
    });
    expect(await timerEnds(user.id)).toEqual([
      expect.objectContaining({ status: 'cancelled' }),
      {
        key: `pomodoro.finished:${started.session_id}:${endsAt.getTime()}`,
        status: 'pending',
        sendAt: endsAt.toISOString(),
        payload: { session_id: started.session_id },
      },
    ]);
  });

  it('resets without completing the session, and cancels the push', async () => {
    const { cookie, user } = await signInMember(t);
    const started = await acted(cookie, { action: 'start' });
    t.clock.advance(MINUTE);
    const reset = await acted(cookie, { action: 'reset' });
    expect(reset).toMatchObject({ state: 'idle', session_id: null, ends_at: null, version: 2 });
    const [session] = await sessionsOf(user.id);
    expect(session).toMatchObject({ id: started.session_id, completedAt: null });
    expect((await timerEnds(user.id)).map((row) => row.status)).toEqual(['cancelled']);

    // A paused run resets too.
    await acted(cookie, { action: 'start' });
    await acted(cookie, { action: 'pause' });
    expect(await acted(cookie, { action: 'reset' })).toMatchObject({ state: 'idle', version: 5 });
  });

  it('completes the session as PUT /api/pomodoro/{id}/complete does, goes idle, and earns Four Pomodoros on the fourth', async () => {
    const { cookie, user } = await signInMember(t);
    const earned = async () =>
      (await t.db.select().from(badges).where(eq(badges.userId, user.id))).map((b) => b.badgeType);
    for (let run = 1; run <= 4; run++) {
      const started = await acted(cookie, { action: 'start' });
      t.clock.advance(25 * MINUTE);
      const completed = await acted(cookie, { action: 'complete', session_id: started.session_id ?? 0 });
      expect(completed).toMatchObject({ state: 'idle', session_id: null, version: run * 2 });
      expect(await earned()).toEqual(run < 4 ? [] : ['four_pomodoros']);
    }
    const sessions = await sessionsOf(user.id);
    expect(sessions.every((session) => session.completedAt !== null)).toBe(true);
    expect((await timerEnds(user.id)).map((row) => row.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('answers a running timer past its end as running at 0, until a device completes it', async () => {
    const { cookie, user } = await signInMember(t);
    const started = await acted(cookie, { action: 'start' });
    t.clock.advance(26 * MINUTE);
    expect(await readTimer(cookie)).toEqual({ ...started, remaining_seconds: 0 });
    for (const action of ['pause', 'resume', 'start']) {
      const response = await act(cookie, { action });
      expect(response.status).toBe(409);
      expect(await refusal(response)).toEqual({
        code: 'conflict',
        message: 'The timer has reached 0: complete or reset it',
      });
    }
    expect(await acted(cookie, { action: 'complete' })).toMatchObject({ state: 'idle', version: 2 });
    const [session] = await sessionsOf(user.id);
    expect(session?.completedAt).toEqual(t.clock.now());
  });

  it.each([
    ['pause', 'idle', 'The timer is not running: there is nothing to pause'],
    ['resume', 'idle', 'The timer is not paused: there is nothing to resume'],
    ['reset', 'idle', 'The timer has not been started'],
    ['complete', 'idle', 'The timer has not been started'],
    ['start', 'running', 'The timer is already running: pause, reset or complete it first'],
    ['resume', 'running', 'The timer is not paused: there is nothing to resume'],
    ['start', 'paused', 'The timer is paused: resume or reset it first'],
    ['pause', 'paused', 'The timer is not running: there is nothing to pause'],
  ])('refuses %s while %s with 409 and says why', async (action, state, message) => {
    const { cookie } = await signInMember(t);
    if (state !== 'idle') await acted(cookie, { action: 'start' });
    if (state === 'paused') await acted(cookie, { action: 'pause' });
    const before = await readTimer(cookie);
    const response = await act(cookie, { action });
    expect(response.status).toBe(409);
    expect(await refusal(response)).toEqual({ code: 'conflict', message });
    expect(await readTimer(cookie)).toEqual(before);
  });

  it('says why in Spanish too', async () => {
    const { cookie } = await signInMember(t);
    await acted(cookie, { action: 'start' });
    const response = await act(cookie, { action: 'start' }, { 'accept-language': 'es' });
    expect(response.status).toBe(409);
    expect((await refusal(response)).message).toBe(
      'El temporizador ya está en marcha: páusalo, reinícialo o complétalo primero',
    );
  });

  it.each([
    ['an unknown action', { action: 'skip' }],
    ['no action', {}],
    ['a zero duration', { action: 'start', duration_minutes: 0 }],
    ['an unknown field', { action: 'start', minutes: 25 }],
    ['an unknown time zone', { action: 'start', time_zone: 'Mars/Olympus_Mons' }],
    ['a malformed time', { action: 'start', at: 'yesterday' }],
  ])('answers 400 to %s', async (_label, body) => {
    const { cookie } = await signInMember(t);
    const response = await act(cookie, body);
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation_failed');
    expect((await readTimer(cookie)).version).toBe(0);
  });

  it('runs for one of the member’s own tasks, and answers 404 for another member’s, a deleted or an unknown one', async () => {
    const { cookie, user } = await signInMember(t);
    const other = await signInMember(t);
    const own = await createTask(cookie);
    const theirs = await createTask(other.cookie);
    const binned = await createTask(cookie, 'Gone');
    expect((await t.request(`/api/tasks/${binned}`, { method: 'DELETE', cookie })).status).toBe(200);
    for (const taskId of [theirs, binned, 999_999]) {
      const response = await act(cookie, { action: 'start', task_id: taskId });
      expect(response.status).toBe(404);
      expect(await refusal(response)).toEqual({ code: 'not_found', message: 'That task was not found' });
    }
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await readTimer(cookie)).state).toBe('idle');

    const timer = await acted(cookie, { action: 'start', task_id: own });
    expect(timer.task_id).toBe(own);
    expect((await sessionsOf(user.id))[0]?.taskId).toBe(own);
    // Paused and resumed, it is still for that task.
    await acted(cookie, { action: 'pause' });
    expect((await acted(cookie, { action: 'resume' })).task_id).toBe(own);
  });

  it('changes nothing for an action meant for a run the timer no longer holds (two devices completing at 0)', async () => {
    const { cookie, user } = await signInMember(t);
    const started = await acted(cookie, { action: 'start' });
    t.clock.advance(25 * MINUTE);
    const events = recordEvents();
    const first = await acted(cookie, { action: 'complete', session_id: started.session_id ?? 0 });
    const second = await acted(cookie, { action: 'complete', session_id: started.session_id ?? 0 });
    events.stop();
    expect(second).toEqual(first);
    expect(events.seen).toHaveLength(1);
    // A new run is not paused by a pause meant for the last one.
    const next = await acted(cookie, { action: 'start' });
    expect(await acted(cookie, { action: 'pause', session_id: started.session_id ?? 0 })).toEqual(next);
    expect((await sessionsOf(user.id)).filter((s) => s.completedAt !== null)).toHaveLength(1);
  });

  it('records one run for a start sent again with its Idempotency-Key, even after the run moved on', async () => {
    const { cookie, user } = await signInMember(t);
    const key = crypto.randomUUID();
    const first = await act(cookie, { action: 'start' }, { 'idempotency-key': key });
    const timer = pomodoroTimerSchema.parse(await first.json());
    const again = pomodoroTimerSchema.parse(
      await (await act(cookie, { action: 'start' }, { 'idempotency-key': key })).json(),
    );
    expect(again).toEqual(timer);
    await acted(cookie, { action: 'complete' });
    const late = await act(cookie, { action: 'start' }, { 'idempotency-key': key });
    expect(late.status).toBe(200);
    expect(pomodoroTimerSchema.parse(await late.json()).state).toBe('idle');
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('dates an action sent late at the time it names, held between the last change and now', async () => {
    const { cookie, user } = await signInMember(t);
    const now = t.clock.now().getTime();
    // Started offline five minutes ago, sent now: it ends when the device counted it would.
    const started = await acted(cookie, { action: 'start', at: new Date(now - 5 * MINUTE).toISOString() });
    expect(started.ends_at).toBe(new Date(now + 20 * MINUTE).toISOString());
    expect(started.remaining_seconds).toBe(1200);
    expect((await sessionsOf(user.id))[0]?.startedAt).toEqual(new Date(now - 5 * MINUTE));
    expect((await timerEnds(user.id))[0]?.sendAt).toBe(new Date(now + 20 * MINUTE).toISOString());

    // Not before the change the server already has, nor in the future.
    const paused = await acted(cookie, { action: 'pause', at: new Date(now - 60 * MINUTE).toISOString() });
    expect(paused.remaining_seconds).toBe(1500);
    const resumed = await acted(cookie, { action: 'resume', at: new Date(now + 60 * MINUTE).toISOString() });
    expect(resumed.ends_at).toBe(new Date(now + 25 * MINUTE).toISOString());

    // A run that ended while the device was offline plans no push: the device already knows.
    await acted(cookie, { action: 'reset' });
    t.clock.advance(30 * MINUTE);
    const late = await acted(cookie, { action: 'start', at: new Date(now + 1).toISOString() });
    expect(late.remaining_seconds).toBe(0);
    expect((await timerEnds(user.id)).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('takes two devices acting at once in turn: one start runs, the other is refused, one session', async () => {
    const { cookie, user } = await signInMember(t);
    const both = await Promise.all([act(cookie, { action: 'start' }), act(cookie, { action: 'start' })]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect((await timerEnds(user.id)).map((row) => row.status)).toEqual(['pending']);
    const timer = await readTimer(cookie);
    expect(timer).toMatchObject({ state: 'running', version: 1 });

    // A pause and a complete at once: whichever comes second decides from what the first left.
    const [pause, complete] = await Promise.all([
      act(cookie, { action: 'pause' }),
      act(cookie, { action: 'complete' }),
    ]);
    expect([pause.status, complete.status]).toContain(200);
    expect(complete.status).toBe(200);
    const after = await readTimer(cookie);
    expect(after).toMatchObject({ state: 'idle' });
    expect(after.version).toBe(pause.status === 200 ? 3 : 2);
    expect((await sessionsOf(user.id))[0]?.completedAt).not.toBeNull();
    expect((await timerEnds(user.id)).map((row) => row.status)).toEqual(['cancelled']);
  });
});

describe('the spec’s session routes beside the timer', () => {
  it('completing the timer’s session through PUT /api/pomodoro/{id}/complete makes the timer idle and says so', async () => {
    const { cookie, user } = await signInMember(t);
    const started = await acted(cookie, { action: 'start' });
    const events = recordEvents();
    const response = await t.request(`/api/pomodoro/${started.session_id}/complete`, {
      method: 'PUT',
      cookie,
      body: {},
    });
    events.stop();
    expect(response.status).toBe(200);
    expect(pomodoroSessionSchema.parse(await response.json()).completed_at).not.toBeNull();
    const idle = await readTimer(cookie);
    expect(idle).toMatchObject({ state: 'idle', session_id: null, version: 2 });
    expect(events.seen).toEqual([
      { audience: { kind: 'member', userId: user.id }, event: { type: 'pomodoro.timer', data: idle } },
    ]);
    expect((await timerEnds(user.id)).map((row) => row.status)).toEqual(['cancelled']);
  });

  it('a session of POST /api/pomodoro is not the timer’s: completing it leaves a running timer be', async () => {
    const { cookie } = await signInMember(t);
    const running = await acted(cookie, { action: 'start' });
    const posted = await t.request('/api/pomodoro', {
      method: 'POST',
      cookie,
      body: { duration_minutes: 25 },
    });
    expect(posted.status).toBe(201);
    const { id } = pomodoroSessionSchema.parse(await posted.json());
    const events = recordEvents();
    expect(
      (await t.request(`/api/pomodoro/${id}/complete`, { method: 'PUT', cookie, body: {} })).status,
    ).toBe(200);
    events.stop();
    expect(await readTimer(cookie)).toEqual(running);
    expect(events.seen).toEqual([]);
  });

  it('POST /api/pomodoro takes a task of the member’s own, and answers 404 for another’s', async () => {
    const { cookie } = await signInMember(t);
    const other = await signInMember(t);
    const own = await createTask(cookie);
    const theirs = await createTask(other.cookie);
    const mine = await t.request('/api/pomodoro', {
      method: 'POST',
      cookie,
      body: { duration_minutes: 25, task_id: own },
    });
    expect(mine.status).toBe(201);
    expect(pomodoroSessionSchema.parse(await mine.json()).task_id).toBe(own);
    const refused = await t.request('/api/pomodoro', {
      method: 'POST',
      cookie,
      body: { duration_minutes: 25, task_id: theirs },
    });
    expect(refused.status).toBe(404);
  });
});
