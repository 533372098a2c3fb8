/**
 * Calendar days as `YYYY-MM-DD`, with the browser's own Intl (decision 0043: date-fns and @date-fns/tz stay off the
 * dashboard's first load, where these two were all the web used of them).
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The calendar day of `instant` in `timeZone` (an IANA zone), else where the browser is. Throws on an invalid date. */
export function isoDateIn(instant: Date, timeZone?: string): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  if (timeZone === undefined) {
    return `${pad(instant.getFullYear(), 4)}-${pad(instant.getMonth() + 1, 2)}-${pad(instant.getDate(), 2)}`;
  }
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${pad(Number(parts.year), 4)}-${pad(Number(parts.month), 2)}-${pad(Number(parts.day), 2)}`;
}

/** A `YYYY-MM-DD` day as the instant it starts in UTC; null when it is no such day (`2026-02-30`, `someday`). */
export function parseIsoDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, date);
  const exact =
    instant.getUTCFullYear() === year && instant.getUTCMonth() === month - 1 && instant.getUTCDate() === date;
  return exact ? instant : null;
}
