import type { Formatters } from '#web/lib/i18n/format.ts';
import { isoDateIn, parseIsoDay } from '#web/lib/iso-date.ts';

/** Today's calendar day where the member is, `YYYY-MM-DD`. */
export function localIsoDate(now: Date = new Date()): string {
  return isoDateIn(now);
}

/**
 * The day of a due date in the interface's language, "Nov 30" (the year is added when it is not this year); the
 * component puts it in "Due {date}". A due date is a calendar day, not an instant, so it is formatted in UTC, where
 * `YYYY-MM-DD` parses to exactly that day. A date that does not parse is shown as it came.
 */
export function formatDueDay(dueDate: string, format: Formatters, now: Date = new Date()): string {
  const day = parseIsoDay(dueDate);
  if (!day) return dueDate;
  const sameYear = day.getUTCFullYear() === now.getFullYear();
  return format.date(day, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** Overdue: the day has passed where the member is. `YYYY-MM-DD` strings compare as dates. */
export function isOverdue(dueDate: string, now: Date = new Date()): boolean {
  return dueDate < localIsoDate(now);
}

/** "Fri, Dec 26" ("vie, 26 dic"), the year added when it is not this year: a date that must be told from others. */
export function formatDayWithWeekday(dueDate: string, format: Formatters, now: Date = new Date()): string {
  const day = parseIsoDay(dueDate);
  if (!day) return dueDate;
  return format.date(day, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(day.getUTCFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** A due time `HH:MM` as the interface's language writes the hour: "5:00 PM", "17:00". */
export function formatDueTime(time: string, format: Formatters): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return format.date(Date.UTC(2000, 0, 1, hours, minutes), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}
