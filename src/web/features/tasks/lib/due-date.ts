import { tz } from '@date-fns/tz';
import { formatISO, isValid, parseISO } from 'date-fns';

/** Today's calendar day where the member is, `YYYY-MM-DD`. */
export function localIsoDate(now: Date = new Date()): string {
  return formatISO(now, { representation: 'date' });
}

/** Due dates are read in UTC, whatever the browser's zone (see formatDueDate). */
const UTC = tz('UTC');

/**
 * "Due Nov 30" in the member's locale (the year is added when it is not this year). A due date is a calendar
 * day, not an instant, so it is formatted in UTC, where `YYYY-MM-DD` parses to exactly that day.
 */
export function formatDueDate(dueDate: string, now: Date = new Date(), locale?: string): string {
  const day = parseISO(dueDate, { in: UTC });
  if (!isValid(day)) return `Due ${dueDate}`;
  const sameYear = day.getFullYear() === now.getFullYear();
  const text = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(day);
  return `Due ${text}`;
}

/** Overdue: the day has passed where the member is. `YYYY-MM-DD` strings compare as dates. */
export function isOverdue(dueDate: string, now: Date = new Date()): boolean {
  return dueDate < localIsoDate(now);
}
