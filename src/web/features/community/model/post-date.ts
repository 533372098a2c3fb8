/**
 * Post and comment dates in the short month/day/hour/minute form of part 2 §9, e.g. `Nov 22, 6:39 PM`.
 * `locale` and `timeZone` default to the member's own; tests pass both.
 */
export function formatPostDate(iso: string, locale?: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(time);
}

/** When a member joined, e.g. `Nov 22, 2026`. */
export function formatJoinedDate(iso: string, locale?: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(time);
}
