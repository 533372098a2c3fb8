import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, dashboardStatsSchema } from '#shared/dashboard.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { streakEndingToday } from './dashboard.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;

async function stats(cookie: string, timeZone = 'Europe/Madrid') {
  const response = await t.request(`/api/dashboard/stats?time_zone=${encodeURIComponent(timeZone)}`, {
    cookie,
  });
  expect(response.status).toBe(200);
  return dashboardStatsSchema.parse(await response.json());
}

async function focusSession(cookie: string) {
  const started = (await (
    await t.request('/api/pomodoro', {
      method: 'POST',
      cookie,
      body: { duration_minutes: 25, time_zone: 'Europe/Madrid' },
    })
  ).json()) as { id: number };
  await t.request(`/api/pomodoro/${started.id}/complete`, { method: 'PUT', cookie, body: {} });
}

describe('dashboard stats', () => {
  it('start at zero and follow the member’s work', async () => {
    const { cookie } = await signInMember(t);
    expect(await stats(cookie)).toEqual({ tasks_today: 0, pomodoros_today: 0, streak_days: 0, badges: 0 });

    const task = await createTaskAs(t, cookie);
    await t.request(`/api/tasks/${task.id}`, { method: 'PUT', cookie, body: { status: 'done' } });
    await focusSession(cookie);
    expect(await stats(cookie)).toEqual({ tasks_today: 1, pomodoros_today: 1, streak_days: 1, badges: 0 });

    // Tomorrow: today's counts start again, the streak is still alive until the day ends.
    t.clock.advance(DAY);
    expect(await stats(cookie)).toMatchObject({ tasks_today: 0, pomodoros_today: 0, streak_days: 1 });
    await focusSession(cookie);
    expect(await stats(cookie)).toMatchObject({ pomodoros_today: 1, streak_days: 2 });

    // A day without anything breaks it.
    t.clock.advance(2 * DAY);
    expect(await stats(cookie)).toMatchObject({ streak_days: 0 });
  });

  it('refuses an unknown time zone and answers 401 signed out', async () => {
    const { cookie } = await signInMember(t);
    expect((await t.request('/api/dashboard/stats?time_zone=Nowhere/Land', { cookie })).status).toBe(400);
    expect((await t.request('/api/dashboard/stats')).status).toBe(401);
  });

  it('counts a streak of consecutive days ending today or yesterday', () => {
    const days = new Set(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(streakEndingToday(days, '2026-11-22')).toBe(3);
    expect(streakEndingToday(days, '2026-11-23')).toBe(3);
    expect(streakEndingToday(days, '2026-11-24')).toBe(0);
    expect(streakEndingToday(new Set(['2026-02-28', '2026-03-01']), '2026-03-01')).toBe(2);
    expect(streakEndingToday(new Set(['2028-02-28', '2028-02-29', '2028-03-01']), '2028-03-01')).toBe(3);
    expect(streakEndingToday(new Set(['2026-12-30', '2026-12-31', '2027-01-01']), '2027-01-02')).toBe(3);
  });
});

describe('GET /api/dashboard', () => {
  const get = async (cookie: string, route: string) => {
    const response = await t.request(route, { cookie });
    expect(response.status, route).toBe(200);
    return response.json();
  };

  it("answers each card's part exactly as its own route does, for its own member only", async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    await createTaskAs(t, ada.cookie, { title: "Ada's task" });
    await createTaskAs(t, grace.cookie, { title: "Grace's task" });
    const widget = await t.request('/api/widgets', {
      method: 'POST',
      cookie: ada.cookie,
      body: {
        type: 'iframe',
        title: 'Focus music',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        col_span: 6,
        row_span: 6,
        order_index: 0,
      },
    });
    expect(widget.status, await widget.clone().text()).toBe(201);
    expect((await t.request('/api/push/test', { method: 'POST', cookie: ada.cookie })).status).toBe(202);
    // The test notification lands after the answer (202).
    await expect.poll(async () => (await get(ada.cookie, '/api/notifications')).unread).toBe(1);
    const zone = encodeURIComponent('Europe/Madrid');

    const dashboard = dashboardSchema.parse(await get(ada.cookie, `/api/dashboard?time_zone=${zone}`));
    expect(dashboard).toEqual({
      profile: await get(ada.cookie, `/api/profile/me?time_zone=${zone}`),
      stats: await get(ada.cookie, `/api/dashboard/stats?time_zone=${zone}`),
      tasks: await get(ada.cookie, '/api/tasks'),
      badges: await get(ada.cookie, '/api/badges'),
      tracks: await get(ada.cookie, '/api/music/list'),
      recent_media: await get(ada.cookie, '/api/media?limit=6'),
      widgets: await get(ada.cookie, '/api/widgets'),
      // No zone saved on the profile: the week is in the zone the browser named.
      calendar_week: await get(ada.cookie, `/api/calendar/week?time_zone=${zone}`),
      notifications: await get(ada.cookie, '/api/notifications'),
      timer: await get(ada.cookie, '/api/pomodoro/timer'),
    });
    expect(dashboard.tasks.map((task) => task.title)).toEqual(["Ada's task"]);
    expect(dashboard.widgets).toHaveLength(1);
    expect(dashboard.calendar_week.time_zone).toBe('Europe/Madrid');
    expect(dashboard.notifications).toMatchObject({ unread: 1, items: [{ type: 'push.test' }] });
  });

  it('keeps the week and the profile in the zone saved on the profile, and refuses a zone Intl does not know', async () => {
    const { cookie } = await signInMember(t);
    const saved = await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      body: { time_zone: 'Asia/Tokyo' },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const dashboard = dashboardSchema.parse(await get(cookie, '/api/dashboard?time_zone=Europe%2FMadrid'));
    expect(dashboard.calendar_week.time_zone).toBe('Asia/Tokyo');
    // The profile counts today in its own zone, as GET /api/profile/me does; the stats in the zone asked for.
    expect(dashboard.profile).toEqual(await get(cookie, '/api/profile/me?time_zone=Europe%2FMadrid'));
    expect(dashboard.stats).toEqual(await get(cookie, '/api/dashboard/stats?time_zone=Europe%2FMadrid'));
    expect((await t.request('/api/dashboard?time_zone=Mars%2FOlympus', { cookie })).status).toBe(400);
    expect((await t.request('/api/dashboard')).status).toBe(401);
  });
});
