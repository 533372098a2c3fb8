import { tz, tzOffset } from '@date-fns/tz';
import { addDays as addCalendarDays, formatISO, parseISO } from 'date-fns';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '../http/request-language.ts';

/**
 * Days in the member's time zone, computed with Intl (through @date-fns/tz and date-fns, decision 0020) rather
 * than the database's zone tables, so PGlite and PostgreSQL agree and range queries on UTC timestamps stay
 * index-friendly.
 */
export function assertTimeZone(timeZone: string): string {
  if (isKnownTimeZone(timeZone)) return timeZone;
  throw new AppError('validation_failed', say('server.validation.unknownTimeZone'), {
    fields: { time_zone: say('server.validation.unknownTimeZone') },
  });
}

/** Whether Intl knows the zone (an IANA name such as America/Santiago, or UTC). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** Calendar days (`YYYY-MM-DD`) are read in UTC, where each is exactly that day, not in the server's own zone. */
const UTC = tz('UTC');

function dayOf(date: Date): string {
  return formatISO(date, { representation: 'date' });
}

/** The member's calendar day of an instant, `YYYY-MM-DD`. */
export function localDateOf(instant: Date, timeZone: string): string {
  return formatISO(instant, { representation: 'date', in: tz(timeZone) });
}

/** A `YYYY-MM-DD` day moved by whole calendar days (no zone, no DST). */
export function addDays(day: string, days: number): string {
  return dayOf(addCalendarDays(parseISO(day, { in: UTC }), days));
}

/** How far the zone is ahead of UTC at an instant, in ms (tzOffset answers minutes, seconds as a fraction). */
function offsetAt(instant: number, timeZone: string): number {
  return Math.round(tzOffset(timeZone, new Date(instant)) * 60) * 1000;
}

const MINUTE_MS = 60_000;
/** No zone has moved its clocks by more than this at once (real jumps are 30 minutes to 2 hours). */
const MAX_CLOCK_JUMP_MS = 3 * 60 * MINUTE_MS;

/**
 * The instant a calendar day (`YYYY-MM-DD`) starts in a zone. Local midnight is guessed from the zone's offset,
 * twice (the offset at the guess may differ from the one at the true midnight across a DST change). Where the
 * clocks spring forward AT midnight (Chile, Paraguay, Cuba…), 00:00 does not exist and the guess lands an hour
 * early, on the day before; the day then starts at the jump, searched for to the minute.
 *
 * Not `startOfDay(…, { in: tz(timeZone) })`: TZDate turns wall-clock fields into an instant through the
 * machine's own zone, and is an hour off when both zones change clocks near the same instant (decision 0020).
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
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

const HOUR_MS = 60 * MINUTE_MS;

/**
 * The instant a wall-clock time (`HH:MM`) of a calendar day is in a zone, DST included: the offsets the zone has a
 * day either side are tried, and the one the instant really has wins. A time the clocks skip (02:30 on Madrid's
 * spring-forward day) is read with the offset from before the jump, so it lands as far after the jump (03:30); a
 * time that happens twice (autumn) is its first. Temporal's "compatible" reading, without the machine's own zone.
 */
export function instantOfLocalTime(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  const offsetBefore = offsetAt(wall - 24 * HOUR_MS, timeZone);
  const offsetAfter = offsetAt(wall + 24 * HOUR_MS, timeZone);
  const fits = [wall - offsetBefore, wall - offsetAfter]
    .filter((instant, index) => offsetAt(instant, timeZone) === (index === 0 ? offsetBefore : offsetAfter))
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wall - offsetBefore);
}
