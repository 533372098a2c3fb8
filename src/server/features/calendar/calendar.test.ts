import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pomodoroSessions } from '#server/db/schema.ts';
import { startOfLocalDay } from '#server/lib/data/time-zone.ts';
import { type CalendarWeek, calendarWeekSchema } from '#shared/calendar.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { mondayOf, weekRange } from './week-range.ts';

/*
 * `GET /api/calendar/week`: the member's own tasks due in the week (all-day) and focus sessions completed in it,
 * in their time zone. The week checked holds New York's spring-forward (Sunday 2026-03-08), so it is 167 hours
 * long: a calendar that added 7 × 24 hours would take in the next Monday's first hour.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function week(cookie: string, query = ''): Promise<CalendarWeek> {
  const response = await t.request(`/api/calendar/week${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return calendarWeekSchema.parse(await response.json());
}

async function insertSession(userId: number, startedAt: string, completedAt: string | null) {
  const [row] = await t.db
    .insert(pomodoroSessions)
    .values({
      userId,
      durationMinutes: 25,
      startedAt: new Date(startedAt),
      completedAt: completedAt ? new Date(completedAt) : null,
    })
    .returning({ id: pomodoroSessions.id });
  return row?.id ?? 0;
}

describe('GET /api/calendar/week', () => {
  it('shows exactly the member’s own events of a DST week, with its boundaries in their zone', async () => {
    const member = await signInMember(t);
    const other = await signInMember(t);
    const { cookie } = member;
    const userId = member.user.id;

    const dueBefore = await createTaskAs(t, cookie, { title: 'Sunday before', due_date: '2026-03-01' });
    const dueMonday = await createTaskAs(t, cookie, { title: 'Plan the week', due_date: '2026-03-02' });
    const dueSunday = await createTaskAs(t, cookie, { title: 'Review', due_date: '2026-03-08' });
    const dueAfter = await createTaskAs(t, cookie, { title: 'Next Monday', due_date: '2026-03-09' });
    const deleted = await createTaskAs(t, cookie, { title: 'Deleted', due_date: '2026-03-05' });
    await t.request(`/api/tasks/${deleted.id}`, { method: 'DELETE', cookie });
    await createTaskAs(t, other.cookie, { title: 'Not yours', due_date: '2026-03-04' });

    // Sunday 23:30–23:55 EST, before the week.
    await insertSession(userId, '2026-03-02T04:30:00Z', '2026-03-02T04:55:00Z');
    // Monday 00:00 EST, the week's first minute.
    const firstMinute = await insertSession(userId, '2026-03-02T05:00:00Z', '2026-03-02T05:25:00Z');
    // Sunday 23:30 EDT, after the clocks went forward: still in the week.
    const lastHour = await insertSession(userId, '2026-03-09T03:30:00Z', '2026-03-09T03:55:00Z');
    // Monday 00:00 EDT: the next week (7 × 24 h after the start would still count it).
    await insertSession(userId, '2026-03-09T04:00:00Z', '2026-03-09T04:25:00Z');
    // Started but never completed.
    await insertSession(userId, '2026-03-04T15:00:00Z', null);
    // Another member's session.
    await insertSession(other.user.id, '2026-03-04T15:00:00Z', '2026-03-04T15:25:00Z');

    const answer = await week(cookie, '?start=2026-03-02&time_zone=America/New_York');
    expect(answer.time_zone).toBe('America/New_York');
    expect(answer.days).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(answer.events).toEqual([
      {
        id: `task-${dueMonday.id}`,
        kind: 'task',
        title: 'Plan the week',
        all_day: true,
        start: '2026-03-02',
        end: '2026-03-02',
        day: '2026-03-02',
        task_status: 'todo',
      },
      {
        id: `focus-${firstMinute}`,
        kind: 'focus',
        title: 'Focus session',
        all_day: false,
        start: '2026-03-02T05:00:00.000Z',
        end: '2026-03-02T05:25:00.000Z',
        day: '2026-03-02',
        task_status: null,
      },
      expect.objectContaining({ id: `task-${dueSunday.id}`, day: '2026-03-08' }),
      expect.objectContaining({ id: `focus-${lastHour}`, day: '2026-03-08' }),
    ]);
    const ids = answer.events.map((event) => event.id);
    expect(ids).not.toContain(`task-${dueBefore.id}`);
    expect(ids).not.toContain(`task-${dueAfter.id}`);

    // The other member sees only their own.
    const theirs = await week(other.cookie, '?start=2026-03-02&time_zone=America/New_York');
    expect(theirs.events.map((event) => event.title)).toEqual(['Not yours', 'Focus session']);
  });

  it('starts on this week’s Monday in the zone, which may differ from UTC’s', async () => {
    const { cookie } = await signInMember(t);
    // The test clock: Sunday 2026-11-22 09:00 UTC. Three hours on, it is already Monday in Kiritimati (UTC+14).
    t.clock.advance(3 * 60 * 60_000);
    try {
      expect((await week(cookie)).days[0]).toBe('2026-11-16');
      expect((await week(cookie, '?time_zone=Pacific/Kiritimati')).days[0]).toBe('2026-11-23');
    } finally {
      t.clock.advance(-3 * 60 * 60_000);
    }
  });

  it('uses the profile’s time zone when none is asked for, else UTC', async () => {
    const { cookie } = await signInMember(t);
    expect((await week(cookie)).time_zone).toBe('UTC');
    await t.request('/api/profile', { method: 'PUT', cookie, body: { time_zone: 'America/Santiago' } });
    expect((await week(cookie)).time_zone).toBe('America/Santiago');
    expect((await week(cookie, '?time_zone=Europe/Madrid')).time_zone).toBe('Europe/Madrid');
  });

  it.each([
    ['?time_zone=Mars/Olympus_Mons', 'time_zone'],
    ['?time_zone=%3Cscript%3E', 'time_zone'],
    ['?start=2026-02-30', 'start'],
    ['?start=next-week', 'start'],
  ])('answers 400 for %s', async (query, field) => {
    const { cookie } = await signInMember(t);
    const response = await t.request(`/api/calendar/week${query}`, { cookie });
    expect(response.status).toBe(400);
    expect(Object.keys(apiErrorBodySchema.parse(await response.json()).error.fields ?? {})).toEqual([field]);
  });
});

describe('week arithmetic', () => {
  it('finds Mondays and local midnights across DST and far from UTC', () => {
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-11-23', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-11-22T10:00:00.000Z',
    );
    expect(startOfLocalDay('2026-11-23', 'Pacific/Pago_Pago').toISOString()).toBe('2026-11-23T11:00:00.000Z');
    // Chile springs forward at midnight: the day starts at 01:00 local.
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    const range = weekRange('2026-03-02', 'America/New_York');
    expect((range.until.getTime() - range.from.getTime()) / 3_600_000).toBe(167);
  });

  it('finds Mondays across leap days and year ends, and weeks of 169 hours or over New Year', () => {
    expect(mondayOf('2028-03-05')).toBe('2028-02-28');
    expect(mondayOf('2028-02-29')).toBe('2028-02-28');
    expect(mondayOf('2026-01-04')).toBe('2025-12-29');
    // Madrid falls back on Sunday 2026-10-25.
    const fallBack = weekRange('2026-10-19', 'Europe/Madrid');
    expect((fallBack.until.getTime() - fallBack.from.getTime()) / 3_600_000).toBe(169);
    const newYear = weekRange('2026-12-28', 'Pacific/Kiritimati');
    expect(newYear.days).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(newYear.from.toISOString()).toBe('2026-12-27T10:00:00.000Z');
    expect(newYear.until.toISOString()).toBe('2027-01-03T10:00:00.000Z');
  });
});
