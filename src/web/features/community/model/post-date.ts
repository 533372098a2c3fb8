import type { Formatters } from '#web/lib/i18n/format.ts';

/**
 * Post and comment dates in the short month/day/hour/minute form, in the interface's language
 * (`useFormat()`), e.g. `Nov 22, 6:39 PM` or `22 nov, 6:39 p.m.`. `timeZone` defaults to the browser's; tests
 * pass one.
 */
export function formatPostDate(format: Formatters, iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return format.date(time, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
}

/** When a member joined, e.g. `Nov 22, 2026` or `22 nov 2026`. */
export function formatJoinedDate(format: Formatters, iso: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return format.date(time, { dateStyle: 'medium', timeZone });
}
