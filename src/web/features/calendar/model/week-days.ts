import type { CalendarEvent, CalendarWeek } from '#shared/calendar.ts';
import type { Formatters } from '#web/lib/i18n/format.ts';
import type { Translate } from '#web/lib/i18n/use-t.ts';
import { isoDateIn } from '#web/lib/iso-date.ts';

export type CalendarDay = { day: string; events: CalendarEvent[] };

/**
 * The week as the panel lists it: each of its seven days with that day's events (the server says which day of
 * the member's zone each falls on), all-day tasks before timed focus sessions, then by start. Events outside the
 * week are left out.
 */
export function groupEventsByDay(week: CalendarWeek): CalendarDay[] {
  const byDay = new Map<string, CalendarEvent[]>(week.days.map((day) => [day, []]));
  for (const event of week.events) byDay.get(event.day)?.push(event);
  return week.days.map((day) => ({
    day,
    events: (byDay.get(day) ?? []).sort((a, b) =>
      a.all_day !== b.all_day ? (a.all_day ? -1 : 1) : a.start < b.start ? -1 : a.start > b.start ? 1 : 0,
    ),
  }));
}

/**
 * 12-hour times, in the member's zone and the interface's language ("9:05 AM", "9:05 p. m.").
 */
export function formatTime(instant: string, timeZone: string, format: Formatters): string {
  return (
    format
      .date(instant, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
      // ICU puts a narrow no-break space before AM/PM; a plain one reads and searches the same everywhere.
      .replace(/\u202f/g, ' ')
  );
}

/** "All day" for a task due that day; "9:05 AM – 9:30 AM" for a focus session, in the zone. */
export function eventTimeText(
  event: CalendarEvent,
  timeZone: string,
  format: Formatters,
  t: Translate,
): string {
  if (event.all_day) return t('calendar.event.allDay');
  return t('calendar.event.timeRange', {
    start: formatTime(event.start, timeZone, format),
    end: formatTime(event.end, timeZone, format),
  });
}

/**
 * A `YYYY-MM-DD` day as "Mon, May 4" ("lun, 4 may"), in the interface's language. The server already placed the
 * day in the member's zone; it is a calendar date, so it is written in UTC, where no zone moves it to the day
 * before or after.
 */
export function dayHeading(day: string, format: Formatters): string {
  return format.date(`${day}T12:00:00Z`, {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
}

/** Today's `YYYY-MM-DD` in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return isoDateIn(now, timeZone);
}

/** Google Calendar's week view on the week's first day, where the member's own calendar lives. */
export function externalCalendarUrl(firstDay: string | undefined): string {
  if (!firstDay) return 'https://calendar.google.com/calendar/r/week';
  const [year, month, date] = firstDay.split('-').map(Number);
  return `https://calendar.google.com/calendar/r/week/${year}/${month}/${date}`;
}

/**
 * An outside event's time on the day it is listed: "All day"; its times ("9:00 AM – 10:00 AM") when it starts
 * and ends that day; an end or start on another day has its weekday ("10:00 PM – Tue 2:00 AM"), so a night
 * shift listed on both days reads right on each.
 */
export function externalTimeText(
  event: CalendarEvent,
  timeZone: string,
  format: Formatters,
  t: Translate,
): string {
  if (event.all_day) return t('calendar.event.allDay');
  const startDay = isoDateIn(new Date(event.start), timeZone);
  const endDay = isoDateIn(new Date(Date.parse(event.end) - 1), timeZone);
  const at = (instant: string) =>
    `${format.date(instant, { timeZone, weekday: 'short' })} ${formatTime(instant, timeZone, format)}`;
  return t('calendar.event.timeRange', {
    start: startDay === event.day ? formatTime(event.start, timeZone, format) : at(event.start),
    end: endDay === event.day || endDay < startDay ? formatTime(event.end, timeZone, format) : at(event.end),
  });
}
