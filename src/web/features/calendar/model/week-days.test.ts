import { describe, expect, it } from 'vitest';
import type { CalendarEvent, CalendarWeek } from '#shared/calendar.ts';
import { buildCalendarWeek } from '#tests/factories/build-calendar-week.ts';
import { formattersFor } from '#web/lib/i18n/format.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { dayHeading, eventTimeText, externalCalendarUrl, groupEventsByDay, todayIn } from './week-days.ts';

const english = formattersFor('en');
const spanish = formattersFor('es');

/** Monday 4 to Sunday 10 May 2026. */
const { days } = buildCalendarWeek();

function focus(id: number, start: string, end: string, day: string): CalendarEvent {
  return {
    id: `focus-${id}`,
    kind: 'focus',
    title: 'Focus session',
    all_day: false,
    start,
    end,
    day,
    task_status: null,
  };
}
function task(id: number, day: string): CalendarEvent {
  return {
    id: `task-${id}`,
    kind: 'task',
    title: `Task ${id}`,
    all_day: true,
    start: day,
    end: day,
    day,
    task_status: 'todo',
  };
}

describe('groupEventsByDay', () => {
  it('lists all seven days, each with its own events, tasks first then by start', () => {
    const week: CalendarWeek = {
      time_zone: 'America/Santiago',
      days,
      events: [
        focus(2, '2026-05-05T15:00:00.000Z', '2026-05-05T15:25:00.000Z', '2026-05-05'),
        focus(1, '2026-05-05T13:00:00.000Z', '2026-05-05T13:25:00.000Z', '2026-05-05'),
        task(7, '2026-05-05'),
        task(8, '2026-05-10'),
      ],
    };
    const grouped = groupEventsByDay(week);
    expect(grouped.map((d) => d.day)).toEqual(days);
    expect(grouped[1]?.events.map((e) => e.id)).toEqual(['task-7', 'focus-1', 'focus-2']);
    expect(grouped[6]?.events.map((e) => e.id)).toEqual(['task-8']);
    expect(grouped[0]?.events).toEqual([]);
  });

  it('files a late-evening session under the zone’s day, not the UTC one', () => {
    // 01:30 UTC on Wednesday is 9:30 PM on Tuesday in Santiago (UTC−4 in May): the server says Tuesday.
    const evening = focus(3, '2026-05-06T01:30:00.000Z', '2026-05-06T01:55:00.000Z', '2026-05-05');
    const grouped = groupEventsByDay({ time_zone: 'America/Santiago', days, events: [evening] });
    expect(grouped[1]?.events).toEqual([evening]);
    expect(grouped[2]?.events).toEqual([]);
    expect(eventTimeText(evening, 'America/Santiago', english, translate)).toBe('9:30 PM – 9:55 PM');
    expect(eventTimeText(evening, 'Asia/Tokyo', english, translate)).toBe('10:30 AM – 10:55 AM');
  });

  it('leaves out events outside the week', () => {
    const grouped = groupEventsByDay({ time_zone: 'UTC', days, events: [task(9, '2026-05-11')] });
    expect(grouped.flatMap((d) => d.events)).toEqual([]);
  });
});

describe('formatting', () => {
  it('writes tasks as all-day and days as short dates whatever the zone', () => {
    expect(eventTimeText(task(1, '2026-05-04'), 'Pacific/Kiritimati', english, translate)).toBe('All day');
    expect(dayHeading('2026-05-04', english)).toBe('Mon, May 4');
  });

  it('writes days and 12-hour times in the interface’s language', () => {
    const evening = focus(3, '2026-05-06T01:30:00.000Z', '2026-05-06T01:55:00.000Z', '2026-05-05');
    expect(dayHeading('2026-05-04', spanish)).toBe('lun, 4 may');
    expect(eventTimeText(evening, 'America/Santiago', spanish, translate)).toBe('9:30 p. m. – 9:55 p. m.');
  });

  it('knows today in the zone', () => {
    const instant = new Date('2026-05-06T02:00:00.000Z');
    expect(todayIn('America/Santiago', instant)).toBe('2026-05-05');
    expect(todayIn('Europe/Madrid', instant)).toBe('2026-05-06');
  });

  it('knows today in the zones furthest from UTC, across the year end and a midnight DST jump', () => {
    const instant = new Date('2026-12-31T10:30:00.000Z');
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2027-01-01');
    expect(todayIn('Pacific/Pago_Pago', instant)).toBe('2026-12-30');
    // Santiago springs forward at midnight on 2026-09-06 (04:00 UTC): 23:59 of the 5th, then 01:00 of the 6th.
    expect(todayIn('America/Santiago', new Date('2026-09-06T03:59:59.999Z'))).toBe('2026-09-05');
    expect(todayIn('America/Santiago', new Date('2026-09-06T04:00:00.000Z'))).toBe('2026-09-06');
    expect(todayIn('Europe/Madrid', new Date('2028-02-28T23:00:00.000Z'))).toBe('2028-02-29');
  });

  it('opens Google Calendar on the week’s first day', () => {
    expect(externalCalendarUrl('2026-05-04')).toBe('https://calendar.google.com/calendar/r/week/2026/5/4');
    expect(externalCalendarUrl(undefined)).toBe('https://calendar.google.com/calendar/r/week');
  });
});
