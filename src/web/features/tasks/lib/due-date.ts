/** Today's calendar day where the member is, `YYYY-MM-DD`. */
export function localIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * "Due Nov 30" in the member's locale (the year is added when it is not this year). A due date is a calendar
 * day, not an instant, so it is formatted in UTC, where `YYYY-MM-DD` parses to exactly that day.
 */
export function formatDueDate(dueDate: string, now: Date = new Date(), locale?: string): string {
  const day = new Date(`${dueDate}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return `Due ${dueDate}`;
  const sameYear = day.getUTCFullYear() === now.getFullYear();
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
