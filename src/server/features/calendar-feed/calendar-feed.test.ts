import { gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pomodoroSessions } from '#server/db/schema.ts';
import { type CalendarFeed, calendarFeedSchema } from '#shared/calendar-feed.ts';
import type { Task } from '#shared/tasks.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * The member's calendar feed: the address made, shown, replaced and turned off through /api/calendar/feed, and
 * the feed itself read as a calendar app does (no cookie), parsed with ical.js. The test clock stands at
 * 2026-11-22 09:00 UTC.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ADDRESS = /^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

async function feedCall(cookie: string, method = 'GET'): Promise<CalendarFeed> {
  const answer = await t.request('/api/calendar/feed', { method, cookie });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return calendarFeedSchema.parse(await answer.json());
}

async function makeFeed(cookie: string): Promise<string> {
  const { url } = await feedCall(cookie, 'POST');
  expect(url).toMatch(ADDRESS);
  return url ?? '';
}

/** The feed as a calendar app reads it: its path only, no cookie. */
function read(url: string, headers: Record<string, string> = {}) {
  return t.request(new URL(url).pathname, { headers });
}

async function insertSession(userId: number, startedAt: string, completedAt: string) {
  const [row] = await t.db
    .insert(pomodoroSessions)
    .values({
      userId,
      durationMinutes: 25,
      startedAt: new Date(startedAt),
      completedAt: new Date(completedAt),
    })
    .returning({ id: pomodoroSessions.id });
  return row?.id ?? 0;
}

/** The calendar parsed by ical.js, its zones registered so timed events resolve to instants. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return { calendar, events, byUid: new Map(events.map((event) => [event.uid, event])) };
}

describe('the feed address', () => {
  it('is made, shown again, replaced (the old one then 404) and turned off', async () => {
    const { cookie } = await signInMember(t);
    expect(await feedCall(cookie)).toEqual({ url: null });

    const first = await makeFeed(cookie);
    expect(await feedCall(cookie)).toEqual({ url: first });
    expect((await read(first)).status).toBe(200);

    const second = await makeFeed(cookie);
    expect(second).not.toBe(first);
    expect(await feedCall(cookie)).toEqual({ url: second });
    const replaced = await read(first);
    expect(replaced.status).toBe(404);
    // Plain, saying nothing of why.
    expect(replaced.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await replaced.text()).toBe('Not found');
    expect((await read(second)).status).toBe(200);

    const off = await t.request('/api/calendar/feed', { method: 'DELETE', cookie });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ success: true });
    expect((await read(second)).status).toBe(404);
    expect(await feedCall(cookie)).toEqual({ url: null });
    // Turning off what is off changes nothing.
    expect((await t.request('/api/calendar/feed', { method: 'DELETE', cookie })).status).toBe(200);
  });

  it('answers 404 to an address nobody was given, whatever its shape', async () => {
    for (const path of [
      '/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
      '/calendar/short.ics',
      '/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });

  it('needs the member in the app: no session 401, a calendar:read token 403', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await t.request('/api/calendar/feed', { method });
      expect(answer.status, method).toBe(401);
    }
    const { cookie } = await signInMember(t);
    const made = await t.request('/api/tokens', {
      method: 'POST',
      cookie,
      body: { name: 'Calendar script', scopes: ['calendar:read', 'tasks:read'] },
    });
    const { token } = (await made.json()) as { token: string };
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await t.request('/api/calendar/feed', {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status, method).toBe(403);
      expect(await answer.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    }
  });
});

describe('the feed', () => {
  it('lists the member’s dated tasks and recent focus sessions, as ical.js reads them', async () => {
    const member = await signInMember(t);
    const other = await signInMember(t);
    const { cookie } = member;
    const zone = { time_zone: 'America/New_York' };
    const allDay = await createTaskAs(t, cookie, {
      title: 'Plan, the; week \\ now',
      due_date: '2026-12-01',
      notes: 'Line one\nLine two, with a comma',
      ...zone,
    });
    const timed = await createTaskAs(t, cookie, {
      title: 'Call Ada',
      due_date: '2026-12-02',
      due_time: '14:30',
      ...zone,
    });
    const weekly = await createTaskAs(t, cookie, {
      title: 'Water the plants',
      due_date: '2026-11-30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      ...zone,
    });
    // A daily 09:00 that crosses New York's spring-forward (2027-03-14): 14:00 UTC before, 13:00 after.
    const daily = await createTaskAs(t, cookie, {
      title: 'Stand-up',
      due_date: '2027-03-12',
      due_time: '09:00',
      repeat: 'FREQ=DAILY;UNTIL=20270316',
      ...zone,
    });
    const longTitle = `Écrire ${'le très long titre, '.repeat(12)}`.trim();
    const long = await createTaskAs(t, cookie, { title: longTitle, due_date: '2026-12-03', ...zone });
    const undated = await createTaskAs(t, cookie, { title: 'Someday', ...zone });
    const theirs = await createTaskAs(t, other.cookie, { title: 'Not yours', due_date: '2026-12-01' });
    const recent = await insertSession(member.user.id, '2026-11-20T15:00:00Z', '2026-11-20T15:25:00Z');
    const old = await insertSession(member.user.id, '2026-10-01T15:00:00Z', '2026-10-01T15:25:00Z');
    const theirSession = await insertSession(other.user.id, '2026-11-20T15:00:00Z', '2026-11-20T15:25:00Z');

    const url = await makeFeed(cookie);
    const answer = await read(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=0/);
    const text = await answer.text();

    // RFC 5545 §3.1: CRLF line ends, no line over 75 octets.
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const tooLong = text.split('\r\n').filter((line) => Buffer.byteLength(line) > 75);
    expect(tooLong).toEqual([]);

    const { calendar, events, byUid } = parse(text);
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Lumara//Calendar feed//EN');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Lumara');
    expect(calendar.getAllSubcomponents('vcalendar')).toHaveLength(0);
    const uid = (task: Task) => `task-${task.id}@localhost:3000`;
    expect(events.map((event) => event.uid).sort()).toEqual(
      [uid(allDay), uid(timed), uid(weekly), uid(daily), uid(long), `focus-${recent}@localhost:3000`].sort(),
    );
    for (const absent of [`task-${undated.id}`, `task-${theirs.id}`, `focus-${old}`, `focus-${theirSession}`])
      expect(
        events.some((event) => event.uid.startsWith(`${absent}@`)),
        absent,
      ).toBe(false);

    const plan = byUid.get(uid(allDay));
    expect(plan?.summary).toBe('Plan, the; week \\ now');
    expect(plan?.startDate.isDate).toBe(true);
    expect(plan?.startDate.toString()).toBe('2026-12-01');
    expect(plan?.endDate.toString()).toBe('2026-12-02');
    expect(plan?.description).toBe(
      `Line one\nLine two, with a comma\n\nhttp://localhost:3000/?task=${allDay.id}`,
    );
    expect(plan?.component.getFirstPropertyValue('last-modified')).toBeTruthy();
    expect(plan?.isRecurring()).toBe(false);

    const call = byUid.get(uid(timed));
    expect(call?.startDate.isDate).toBe(false);
    expect(call?.startDate.zone?.tzid).toBe('America/New_York');
    expect(call?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(call?.startDate.toJSDate().toISOString()).toBe('2026-12-02T19:30:00.000Z');
    expect(call?.duration.toSeconds()).toBe(30 * 60);
    expect(call?.description).toBe(`http://localhost:3000/?task=${timed.id}`);

    const water = byUid.get(uid(weekly));
    expect(water?.isRecurring()).toBe(true);
    expect(String(water?.component.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;BYDAY=MO');

    // The zone the feed describes moves the daily 09:00 across the DST change, and UNTIL ends it on the 16th.
    const standUp = byUid.get(uid(daily));
    const iterator = standUp?.iterator();
    const instants: string[] = [];
    for (let next = iterator?.next(); next && instants.length < 10; next = iterator?.next())
      instants.push(next.toJSDate().toISOString());
    expect(instants).toEqual([
      '2027-03-12T14:00:00.000Z',
      '2027-03-13T14:00:00.000Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-16T13:00:00.000Z',
    ]);

    expect(byUid.get(uid(long))?.summary).toBe(longTitle);

    const focus = byUid.get(`focus-${recent}@localhost:3000`);
    expect(focus?.summary).toBe('Focus session');
    expect(focus?.startDate.toJSDate().toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(focus?.endDate.toJSDate().toISOString()).toBe('2026-11-20T15:25:00.000Z');
  });

  it('keeps its UIDs and ETag while nothing changes, answers 304 to a match, and changes with a task', async () => {
    const { cookie } = await signInMember(t);
    const task = await createTaskAs(t, cookie, { title: 'Invoice', due_date: '2026-12-05' });
    const url = await makeFeed(cookie);

    const first = await read(url);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const firstUids = parse(await first.text()).events.map((event) => event.uid);

    const again = await read(url);
    expect(again.headers.get('etag')).toBe(etag);
    expect(parse(await again.text()).events.map((event) => event.uid)).toEqual(firstUids);

    const unchanged = await read(url, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect((await read(url, { 'if-none-match': '"something-else"' })).status).toBe(200);

    t.clock.advance(60_000);
    const edited = await t.request(`/api/tasks/${task.id}`, {
      method: 'PUT',
      cookie,
      body: { title: 'Send the invoice' },
    });
    expect(edited.status).toBe(200);
    const after = await read(url, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const { events } = parse(await after.text());
    expect(events.map((event) => event.uid)).toEqual(firstUids);
    expect(events[0]?.summary).toBe('Send the invoice');
    const edited304 = after.headers.get('etag') ?? '';
    expect((await read(url, { 'if-none-match': edited304 })).status).toBe(304);

    // A focus session finished changes it too, and so does one leaving the 30-day window.
    const member = (await (await t.request('/api/users/me', { cookie })).json()) as { id: number };
    await insertSession(member.id, '2026-11-22T08:00:00Z', '2026-11-22T08:25:00Z');
    const withSession = await read(url, { 'if-none-match': edited304 });
    expect(withSession.status).toBe(200);
    expect(parse(await withSession.text()).events.map((event) => event.summary)).toContain('Focus session');

    // A deleted task leaves the feed.
    expect((await t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    const emptied = await read(url, { 'if-none-match': withSession.headers.get('etag') ?? '' });
    expect(emptied.status).toBe(200);
    expect(parse(await emptied.text()).events.map((event) => event.summary)).toEqual(['Focus session']);

    // The session leaves it 30 days on, with no change of the member's: the window moved.
    t.clock.advance(31 * 24 * 60 * 60_000);
    const later = await read(url, { 'if-none-match': emptied.headers.get('etag') ?? '' });
    expect(later.status).toBe(200);
    expect(parse(await later.text()).events).toEqual([]);
  });

  it('answers to the address alone: a member’s cookie changes nothing, and HEAD has no body', async () => {
    const owner = await signInMember(t);
    const someoneElse = await signInMember(t);
    await createTaskAs(t, owner.cookie, { title: 'Mine', due_date: '2026-12-06' });
    const url = await makeFeed(owner.cookie);
    const withCookie = await t.request(new URL(url).pathname, { cookie: someoneElse.cookie });
    expect(parse(await withCookie.text()).events.map((event) => event.summary)).toEqual(['Mine']);
    const head = await t.request(new URL(url).pathname, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(withCookie.headers.get('etag'));
  });

  it('goes out gzipped to a client that takes it, and reads at once share one answer', async () => {
    const { cookie } = await signInMember(t);
    const notes = 'A long note, over and over. '.repeat(200);
    const task = await createTaskAs(t, cookie, { title: 'Long notes', due_date: '2026-12-07', notes });
    const url = await makeFeed(cookie);
    const plain = await read(url);
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.byteLength(text)).toBeGreaterThan(4096);

    const zipped = await read(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(text) / 4);
    expect(gunzipSync(bytes).toString()).toBe(text);
    expect((await read(url, { 'accept-encoding': 'gzip;q=0' })).headers.get('content-encoding')).toBeNull();

    const together = await Promise.all([read(url), read(url), read(url)]);
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(together.map((answer) => answer.headers.get('etag'))).size).toBe(1);
    const { events } = parse(await (together[0] as Response).text());
    expect(events[0]?.description).toBe(`${notes}\n\nhttp://localhost:3000/?task=${task.id}`);
  });
});
