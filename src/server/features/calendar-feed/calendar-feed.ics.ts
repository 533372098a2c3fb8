import { instantOfLocalTime } from '#server/lib/data/time-zone.ts';
import { FOCUS_EVENT_TITLE } from '#shared/calendar.ts';
import { CALENDAR_FEED } from '#shared/calendar-feed.ts';
import { formatRepeat, parseRepeat } from '#shared/task-repeat.ts';
import { dateValue, IcsLines, localDateTime, parameterValue, utcDateTime } from './ics-writer.ts';
import { vtimezoneOf } from './vtimezone.ts';

/** A task with a due date, as the feed reads it. */
export type FeedTask = {
  id: number;
  title: string;
  notes: string | null;
  dueDate: string;
  dueTime: string | null;
  repeat: string | null;
  /** Where `dueDate` + `dueTime` is an instant: the member's zone when they set it. */
  timeZone: string;
  updatedAt: Date;
};

/** A completed focus session. */
export type FeedSession = { id: number; startedAt: Date; completedAt: Date };

export const FEED_PRODID = '-//Lumara//Calendar feed//EN';
export const FEED_NAME = 'Lumara';

/** The day after a `YYYY-MM-DD` day: an all-day event's DTEND (exclusive, §3.6.1). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The task's rule as RRULE's value. A timed event's UNTIL must be a UTC date-time (§3.3.10: DTSTART has a
 * TZID), so a rule's last day becomes that day's due time in the task's zone; an all-day event keeps the DATE.
 * A stored rule that no longer parses (it never should) is left out rather than sent broken.
 */
function rruleOf(task: FeedTask): string | null {
  if (!task.repeat) return null;
  const parsed = parseRepeat(task.repeat);
  if (!parsed.ok) return null;
  const { until } = parsed.rule;
  if (until === null || task.dueTime === null) return parsed.text;
  const text = formatRepeat({ ...parsed.rule, until: null });
  return `${text};UNTIL=${utcDateTime(instantOfLocalTime(until, task.dueTime, task.timeZone))}`;
}

/**
 * The member's calendar as RFC 5545 text: one VCALENDAR, a VTIMEZONE for each zone a timed task names, each
 * dated task as a VEVENT (all-day on its date, or `timedTaskMinutes` from its due time in its zone), with its
 * RRULE when it repeats, and each completed focus session as a timed VEVENT in UTC. UIDs are the rows' ids on
 * the app's host, so an event stays itself through every edit. DTSTAMP and LAST-MODIFIED are the row's last
 * change (no METHOD-less feed needs the moment it was read), so the text, and its ETag, change only with the data.
 */
export function buildCalendarFeed(input: {
  host: string;
  appOrigin: string;
  /** The member's zone (profile, else UTC), named as the calendar's default. */
  timeZone: string;
  tasks: readonly FeedTask[];
  sessions: readonly FeedSession[];
  now: Date;
}): string {
  const header = new IcsLines()
    .raw('BEGIN', 'VCALENDAR')
    .raw('VERSION', '2.0')
    .text('PRODID', FEED_PRODID)
    .raw('CALSCALE', 'GREGORIAN')
    .raw('METHOD', 'PUBLISH')
    .text('X-WR-CALNAME', FEED_NAME)
    .text('X-WR-TIMEZONE', input.timeZone)
    // Hints calendar apps read for how often to fetch again (RFC 7986; Outlook and Apple's older name).
    .raw('REFRESH-INTERVAL', 'PT1H', ';VALUE=DURATION')
    .raw('X-PUBLISHED-TTL', 'PT1H')
    .toString();

  // Each zone's VTIMEZONE spans from the earliest year a timed task of that zone starts in.
  const firstYearOfZone = new Map<string, number>();
  for (const task of input.tasks) {
    if (task.dueTime === null) continue;
    const year = Number(task.dueDate.slice(0, 4));
    const known = firstYearOfZone.get(task.timeZone);
    if (known === undefined || year < known) firstYearOfZone.set(task.timeZone, year);
  }
  const thisYear = input.now.getUTCFullYear();
  const zones = [...firstYearOfZone]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([zone, year]) => vtimezoneOf(zone, Math.min(year, thisYear) - 1, thisYear))
    .join('');

  const events = new IcsLines();
  for (const task of input.tasks) {
    const link = `${input.appOrigin}/?task=${task.id}`;
    const modified = utcDateTime(task.updatedAt);
    events
      .raw('BEGIN', 'VEVENT')
      .text('UID', `task-${task.id}@${input.host}`)
      .raw('DTSTAMP', modified)
      .raw('LAST-MODIFIED', modified);
    if (task.dueTime === null) {
      events
        .raw('DTSTART', dateValue(task.dueDate), ';VALUE=DATE')
        .raw('DTEND', dateValue(nextDay(task.dueDate)), ';VALUE=DATE')
        // An all-day task does not fill the member's day in free/busy views.
        .raw('TRANSP', 'TRANSPARENT');
    } else {
      events
        .raw('DTSTART', localDateTime(task.dueDate, task.dueTime), `;TZID=${parameterValue(task.timeZone)}`)
        .raw('DURATION', `PT${CALENDAR_FEED.timedTaskMinutes}M`);
    }
    const rrule = rruleOf(task);
    if (rrule !== null) events.raw('RRULE', rrule);
    events
      .text('SUMMARY', task.title)
      .text('DESCRIPTION', task.notes ? `${task.notes}\n\n${link}` : link)
      .raw('URL', link)
      .raw('END', 'VEVENT');
  }
  for (const session of input.sessions) {
    const completed = utcDateTime(session.completedAt);
    events
      .raw('BEGIN', 'VEVENT')
      .text('UID', `focus-${session.id}@${input.host}`)
      .raw('DTSTAMP', completed)
      .raw('LAST-MODIFIED', completed)
      .raw('DTSTART', utcDateTime(session.startedAt))
      .raw('DTEND', completed)
      .text('SUMMARY', FOCUS_EVENT_TITLE)
      .raw('END', 'VEVENT');
  }
  return `${header}${zones}${events.toString()}END:VCALENDAR\r\n`;
}
