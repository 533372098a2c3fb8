import { AppError } from './errors.ts';

/**
 * Days in the member's time zone, computed with Intl rather than the database's zone tables, so PGlite and
 * PostgreSQL agree and range queries on UTC timestamps stay index-friendly.
 */
export function assertTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return timeZone;
  } catch {
    throw new AppError('validation_failed', 'Unknown time zone', {
      fields: { time_zone: 'Unknown time zone' },
    });
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(instant: Date, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** The member's calendar day of an instant, `YYYY-MM-DD`. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** How far the zone is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsOf(new Date(instant), timeZone);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instants where the member's day containing `instant` starts and ends. */
export function localDayRange(instant: Date, timeZone: string): { start: Date; end: Date } {
  const p = partsOf(instant, timeZone);
  const midnight = (year: number, month: number, day: number) => {
    const guess = Date.UTC(year, month - 1, day);
    // Twice: the offset at the guess may differ from the offset at the true midnight across a DST change.
    const first = guess - offsetAt(guess, timeZone);
    return new Date(guess - offsetAt(first, timeZone));
  };
  const start = midnight(p.year ?? 1970, p.month ?? 1, p.day ?? 1);
  const next = new Date(Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, (p.day ?? 1) + 1));
  const end = midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
  return { start, end };
}

/** The day before a `YYYY-MM-DD` day. */
export function previousDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) - 1)).toISOString().slice(0, 10);
}
