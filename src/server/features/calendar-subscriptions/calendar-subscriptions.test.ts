import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSubscriptionEvents, calendarSubscriptions } from '#server/db/schema.ts';
import type { Lookup } from '#server/lib/infra/safe-fetch.ts';
import type { CalendarEvent, CalendarWeek } from '#shared/calendar.ts';
import type { CalendarSubscription, CalendarSubscriptionList } from '#shared/calendar-subscriptions.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { oneEventCalendar, teamCalendar } from '#tests/factories/calendar-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { type CalendarHost, startCalendarHost } from '#tests/fakes/calendar-host.ts';
import { startCanaryServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * Outside calendars, end to end through the real app: a calendar host on 127.0.0.2 plays the internet (public
 * only because the test app's `media.outbound` names it, as UNSAFE_OUTBOUND_ALLOW would); a canary on 127.0.0.1
 * stands for our own network, which no link may reach. The member lives in Madrid, the calendar in New York:
 * Europe leaves summer time on 25 October 2026, the United States on 1 November, so the weeks around them show
 * whether each occurrence lands at its true instant.
 */

let t: TestApp;
let host: CalendarHost;
let canary: TestServer;
let cookie: string;

const names: Record<string, string[]> = {
  'calendar.public.test': ['127.0.0.2'],
  'intranet.public.test': ['10.0.0.7'],
};
const lookup: Lookup = async (hostname) => {
  const answers = names[hostname.toLowerCase()];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: 4 }));
};

beforeAll(async () => {
  canary = await startCanaryServer({ host: '127.0.0.1' });
  host = await startCalendarHost({ host: '127.0.0.2', port: canary.port });
  t = await buildTestApp({
    media: { outbound: { extraAllowed: ['127.0.0.2'], extraPorts: [host.port] } },
    outboundLookup: lookup,
  });
  ({ cookie } = await signInMember(t));
  await t.request('/api/profile', { method: 'PUT', cookie, body: { time_zone: 'Europe/Madrid' } });
});

afterAll(async () => {
  await Promise.all([t?.close(), host?.close(), canary?.close()]);
});

async function subscribe(body: Record<string, unknown>, as = cookie) {
  return t.request('/api/calendar/subscriptions', { method: 'POST', cookie: as, body });
}

async function list(as = cookie): Promise<CalendarSubscription[]> {
  const answer = await t.request('/api/calendar/subscriptions', { cookie: as });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as CalendarSubscriptionList).subscriptions;
}

async function weekOf(start: string, as = cookie): Promise<CalendarEvent[]> {
  const answer = await t.request(`/api/calendar/week?start=${start}`, { cookie: as });
  expect(answer.status).toBe(200);
  const week = (await answer.json()) as CalendarWeek;
  expect(week.time_zone).toBe('Europe/Madrid');
  return week.events.filter((event) => event.kind === 'external');
}

/** An event as a member reads it: its day, title and its local times in Madrid. */
function shown(event: CalendarEvent): string {
  if (event.all_day) return `${event.day} ${event.title} all day (${event.start}..${event.end})`;
  const clock = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
  return `${event.day} ${event.title} ${clock(event.start)}-${clock(event.end)}`;
}

async function eventRows(subscriptionId: number) {
  return t.db
    .select()
    .from(calendarSubscriptionEvents)
    .where(eq(calendarSubscriptionEvents.subscriptionId, subscriptionId));
}

async function errorOf(answer: Response) {
  return apiErrorBodySchema.parse(await answer.json()).error;
}

describe('a subscribed calendar in the week', () => {
  let team: CalendarSubscription;

  beforeAll(async () => {
    host.serve('/team.ics', { body: teamCalendar(), etag: '"team-1"' });
    // webcal:// is fetched as https: the fixture speaks plain http, so the TLS handshake fails (400, nothing kept)
    // and no http request reaches it. The test then subscribes by its http address (allowed for it alone).
    const answer = await subscribe({ url: `webcal://calendar.public.test:${host.port}/team.ics` });
    expect(answer.status).toBe(400);
    expect(host.hits('/team.ics')).toBe(0);
    const created = await subscribe({ url: host.url('/team.ics') });
    expect(created.status).toBe(201);
    team = (await created.json()) as CalendarSubscription;
  });

  it('is kept with its own name, a colour, and its fetch', async () => {
    expect(team).toMatchObject({ name: 'Team', url: host.url('/team.ics'), last_error: null });
    expect(team.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(team.last_fetched_at).not.toBeNull();
    expect(team.event_count).toBeGreaterThan(5);
    expect((await list()).map((one) => one.id)).toEqual([team.id]);
  });

  it('shows the weekly meeting at its New York time, in Madrid, across both DST changes', async () => {
    // Madrid still on summer time, New York too: 10:00 EDT is 16:00 CEST.
    expect((await weekOf('2026-10-19')).map(shown)).toEqual([
      '2026-10-20 Standup 16:00-17:00',
      '2026-10-22 Review 15:00-15:30',
    ]);
    // Madrid on winter time, New York not yet: 15:00 CET, one week only.
    const lastWeekOfOctober = (await weekOf('2026-10-26')).map(shown);
    expect(lastWeekOfOctober).toContain('2026-10-27 Standup 15:00-16:00');
    // Both on winter time: 10:00 EST is 16:00 CET again.
    expect((await weekOf('2026-11-02')).map(shown)).toContain('2026-11-03 Standup 16:00-17:00');
  });

  it("reads an Outlook zone through the file's own VTIMEZONE", async () => {
    // 09:00 EDT = 13:00Z = 15:00 CEST, then 14:00 CET once Madrid changes; after New York's change 09:00 EST =
    // 14:00Z = 15:00 CET.
    expect((await weekOf('2026-10-19')).map(shown)).toContain('2026-10-22 Review 15:00-15:30');
    const before = await weekOf('2026-10-26');
    expect(before.map(shown)).toContain('2026-10-29 Review 14:00-14:30');
    expect((await weekOf('2026-11-02')).map(shown)).toContain('2026-11-05 Review 15:00-15:30');
    expect((await weekOf('2026-11-16')).map(shown).filter((line) => line.includes('Review'))).toEqual([]);
  });

  it('leaves out the EXDATE and puts the moved occurrence where it moved', async () => {
    expect((await weekOf('2026-11-09')).map(shown)).not.toContain('2026-11-10 Standup 16:00-17:00');
    expect((await weekOf('2026-11-09')).map(shown)).toContain('2026-11-12 Review 15:00-15:30');
    expect((await weekOf('2026-11-16')).map(shown)).toEqual(['2026-11-19 Standup (moved) 19:00-20:00']);
    expect((await weekOf('2026-11-23')).map(shown)).toEqual(['2026-11-24 Standup 16:00-17:00']);
  });

  it('shows all-day events on each of their days, and no cancelled one', async () => {
    const week = (await weekOf('2026-10-26')).map(shown);
    expect(week).toEqual([
      '2026-10-27 Standup 15:00-16:00',
      '2026-10-28 Holiday all day (2026-10-28..2026-10-28)',
      '2026-10-29 Review 14:00-14:30',
      '2026-10-30 Trip all day (2026-10-30..2026-11-01)',
      '2026-10-31 Trip all day (2026-10-30..2026-11-01)',
      '2026-11-01 Trip all day (2026-10-30..2026-11-01)',
    ]);
    const [holiday] = (await weekOf('2026-10-26')).filter((event) => event.title === 'Holiday');
    expect(holiday?.calendar).toEqual({ id: team.id, name: 'Team', color: team.color });
  });

  it('refreshes with its ETag: a 304 keeps the events and only moves the next refresh', async () => {
    const rowsBefore = await eventRows(team.id);
    const hits = host.hits('/team.ics');
    await t.db
      .update(calendarSubscriptions)
      .set({ nextRefreshAt: sql`now() - interval '1 minute'` })
      .where(eq(calendarSubscriptions.id, team.id));
    const answer = await t.request(`/api/calendar/subscriptions/${team.id}/refresh`, {
      method: 'POST',
      cookie,
    });
    expect(answer.status).toBe(200);
    expect(host.hits('/team.ics')).toBe(hits + 1);
    expect(host.validators('/team.ics').at(-1)).toBe('"team-1"');
    const rowsAfter = await eventRows(team.id);
    expect(rowsAfter.map((row) => row.id)).toEqual(rowsBefore.map((row) => row.id));
    const [row] = await t.db
      .select()
      .from(calendarSubscriptions)
      .where(eq(calendarSubscriptions.id, team.id));
    expect(row?.nextRefreshAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(row?.refreshLeaseUntil).toBeNull();
  });

  it('keeps the last good copy when a refresh fails, and says why', async () => {
    const rowsBefore = await eventRows(team.id);
    host.serve('/team.ics', { body: 'gone', status: 500, type: 'text/plain' });
    const answer = await t.request(`/api/calendar/subscriptions/${team.id}/refresh`, {
      method: 'POST',
      cookie,
    });
    expect(answer.status).toBe(200);
    const failed = (await answer.json()) as CalendarSubscription;
    expect(failed.last_error).toBe('unreachable');
    expect(failed.last_error_at).not.toBeNull();
    expect((await eventRows(team.id)).map((row) => row.id)).toEqual(rowsBefore.map((row) => row.id));
    expect((await weekOf('2026-11-23')).map(shown)).toEqual(['2026-11-24 Standup 16:00-17:00']);
    expect((await list())[0]?.last_error).toBe('unreachable');

    // A good answer again replaces the events and clears the error.
    host.serve('/team.ics', { body: teamCalendar({ name: 'Renamed' }), etag: '"team-2"' });
    const again = (await (
      await t.request(`/api/calendar/subscriptions/${team.id}/refresh`, { method: 'POST', cookie })
    ).json()) as CalendarSubscription;
    expect(again.last_error).toBeNull();
    expect(again.name).toBe('Team');
    expect((await eventRows(team.id)).map((row) => row.id)).not.toEqual(rowsBefore.map((row) => row.id));
  });

  it("is the member's own: another member neither sees, refreshes nor removes it", async () => {
    const other = await signInMember(t);
    expect(await list(other.cookie)).toEqual([]);
    await t.request('/api/profile', {
      method: 'PUT',
      cookie: other.cookie,
      body: { time_zone: 'Europe/Madrid' },
    });
    expect(await weekOf('2026-10-26', other.cookie)).toEqual([]);
    const path = `/api/calendar/subscriptions/${team.id}`;
    expect((await t.request(`${path}/refresh`, { method: 'POST', cookie: other.cookie })).status).toBe(404);
    expect((await t.request(path, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await list()).map((one) => one.id)).toEqual([team.id]);
  });

  it('refuses the same address twice', async () => {
    const answer = await subscribe({ url: host.url('/team.ics') });
    expect(answer.status).toBe(409);
  });
});

describe('links that are refused, with nothing kept', () => {
  let member: string;
  beforeAll(async () => {
    ({ cookie: member } = await signInMember(t));
  });

  async function refused(url: string, status: number) {
    const hitsBefore = canary.connections();
    const answer = await subscribe({ url }, member);
    expect(answer.status).toBe(status);
    expect(canary.connections()).toBe(hitsBefore);
    expect(await list(member)).toEqual([]);
    return errorOf(answer);
  }

  it('refuses private addresses, by address or by name', async () => {
    await refused(`http://127.0.0.1:${canary.port}/team.ics`, 400);
    await refused(`https://127.0.0.1:${canary.port}/team.ics`, 400);
    await refused('https://intranet.public.test/team.ics', 400);
    await refused('https://localhost/team.ics', 400);
    await refused('ftp://calendar.public.test/team.ics', 400);
  });

  it('refuses a file over 5 MB', async () => {
    host.serve('/huge.ics', { body: Buffer.alloc(6 * 1024 * 1024, 'A') });
    const error = await refused(host.url('/huge.ics'), 413);
    expect(error.code).toBe('payload_too_large');
  });

  it('refuses an answer that is no calendar, and one that is an error', async () => {
    host.serve('/page.html', { body: '<!doctype html><title>Hi</title>', type: 'text/html' });
    const error = await refused(host.url('/page.html'), 400);
    expect(error.fields?.url).toBeDefined();
    await refused(host.url('/missing.ics'), 400);
  });

  it('refuses an unreachable host', async () => {
    await refused('https://nowhere.public.test/team.ics', 400);
  });
});

describe('ten per member', () => {
  it('answers 409 for the eleventh', async () => {
    const { cookie: member } = await signInMember(t);
    for (let index = 0; index < 10; index++) {
      host.serve(`/many-${index}.ics`, { body: oneEventCalendar(`Event ${index}`) });
      expect((await subscribe({ url: host.url(`/many-${index}.ics`) }, member)).status).toBe(201);
    }
    host.serve('/many-10.ics', { body: oneEventCalendar('Event 10') });
    const hits = host.hits('/many-10.ics');
    const answer = await subscribe({ url: host.url('/many-10.ics') }, member);
    expect(answer.status).toBe(409);
    expect(host.hits('/many-10.ics')).toBe(hits);
    expect(await list(member)).toHaveLength(10);

    // Removing one makes room again, and takes its events out of the week.
    const [first] = await list(member);
    expect(
      (await t.request(`/api/calendar/subscriptions/${first?.id}`, { method: 'DELETE', cookie: member }))
        .status,
    ).toBe(200);
    expect(await eventRows(first?.id ?? 0)).toEqual([]);
    expect((await subscribe({ url: host.url('/many-10.ics') }, member)).status).toBe(201);
  });
});
