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

const MINUTE_MS = 60_000;
/** No zone has moved its clocks by more than this at once (real jumps are 30 minutes to 2 hours). */
const MAX_CLOCK_JUMP_MS = 3 * 60 * MINUTE_MS;

/** A `YYYY-MM-DD` day moved by whole calendar days (UTC date arithmetic: no zone, no DST). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day (`YYYY-MM-DD`) starts in a zone. Local midnight is guessed from the zone's offset,
 * twice (the offset at the guess may differ from the one at the true midnight across a DST change). Where the
 * clocks spring forward AT midnight (Chile, Paraguay, Cuba…), 00:00 does not exist and the guess lands an hour
 * early, on the day before; the day then starts at the jump, searched for to the minute.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const guess = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  const first = guess - offsetAt(guess, timeZone);
  const start = guess - offsetAt(first, timeZone);
  if (localDateOf(new Date(start), timeZone) >= day) return new Date(start);
  let before = start;
  let after = start + MAX_CLOCK_JUMP_MS;
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / MINUTE_MS / 2) * MINUTE_MS;
    if (localDateOf(new Date(middle), timeZone) === day) after = middle;
    else before = middle;
  }
  return new Date(after);
}

/** The UTC instants where the member's day containing `instant` starts and ends. */
export function localDayRange(instant: Date, timeZone: string): { start: Date; end: Date } {
  const day = localDateOf(instant, timeZone);
  return { start: startOfLocalDay(day, timeZone), end: startOfLocalDay(addDays(day, 1), timeZone) };
}

/** The day before a `YYYY-MM-DD` day. */
export function previousDate(day: string): string {
  return addDays(day, -1);
}
