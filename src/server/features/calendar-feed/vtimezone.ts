import { tzOffset } from '@date-fns/tz';
import { IcsLines, parameterValue } from './ics-writer.ts';

/*
 * A VTIMEZONE for an IANA zone, made from what Intl knows of it (the server has no zone database of its own):
 * every change of the zone's UTC offset between two years, each as its own STANDARD or DAYLIGHT observance
 * with its instant, plus the offset in force at the start. RFC 5545 requires one for every TZID a feed names;
 * Google and Apple also read the IANA name itself, Outlook and ical.js read this. Past the last change listed
 * a reader keeps its offset, so the span reaches well past today (repeating tasks go on).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Years of changes listed after the current one. */
const YEARS_AHEAD = 10;

/** The zone's offset from UTC at an instant, in whole minutes. */
function offsetMinutes(instant: number, timeZone: string): number {
  return Math.round(tzOffset(timeZone, new Date(instant)));
}

/** `+0530`, `-0300`: a UTC-OFFSET value (§3.3.14). */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}${String(whole % 60).padStart(2, '0')}`;
}

/** The wall-clock DATE-TIME an instant reads with an offset: `19700101T000000`. */
function wallClock(instant: number, offset: number): string {
  return new Date(instant + offset * MINUTE_MS)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

type Change = { at: number; from: number; to: number };

/** The offset changes in `[start, end)`, each found to the minute: a day's scan, then halving. */
function changesBetween(start: number, end: number, timeZone: string): Change[] {
  const changes: Change[] = [];
  let before = start;
  let offsetBefore = offsetMinutes(before, timeZone);
  for (let next = start + DAY_MS; next <= end; next += DAY_MS) {
    const offsetNext = offsetMinutes(next, timeZone);
    if (offsetNext !== offsetBefore) {
      let low = before;
      let high = next;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / MINUTE_MS / 2) * MINUTE_MS;
        if (offsetMinutes(middle, timeZone) === offsetBefore) low = middle;
        else high = middle;
      }
      changes.push({ at: high, from: offsetBefore, to: offsetNext });
    }
    before = next;
    offsetBefore = offsetNext;
  }
  return changes;
}

/** The zone's changes are the same for every feed of a year: each zone is worked out once per year and span. */
const made = new Map<string, string>();

/**
 * The VTIMEZONE lines of `timeZone`, covering from January of `fromYear` to ten years after `thisYear`. The
 * observance in force at the start is labelled STANDARD unless the first change lowers the offset (it was
 * summer time); each change is DAYLIGHT when it raises the offset, STANDARD when it lowers it.
 */
export function vtimezoneOf(timeZone: string, fromYear: number, thisYear: number): string {
  const key = `${timeZone}|${fromYear}|${thisYear}`;
  const known = made.get(key);
  if (known !== undefined) return known;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(thisYear + YEARS_AHEAD + 1, 0, 1);
  const changes = changesBetween(start, end, timeZone);
  const first = offsetMinutes(start, timeZone);
  const lines = new IcsLines().raw('BEGIN', 'VTIMEZONE').raw('TZID', parameterValue(timeZone));
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', at: number, from: number, to: number) =>
    lines
      .raw('BEGIN', kind)
      // An observance's DTSTART is the wall clock just before it begins, in the offset it changes from.
      .raw('DTSTART', wallClock(at, from))
      .raw('TZOFFSETFROM', utcOffset(from))
      .raw('TZOFFSETTO', utcOffset(to))
      .raw('END', kind);
  const startsInSummer = changes[0] !== undefined && changes[0].to < first;
  observance(startsInSummer ? 'DAYLIGHT' : 'STANDARD', start, first, first);
  for (const change of changes)
    observance(change.to > change.from ? 'DAYLIGHT' : 'STANDARD', change.at, change.from, change.to);
  lines.raw('END', 'VTIMEZONE');
  const text = lines.toString();
  // A handful of zones per server at most: the cache needs no bound beyond dropping other years' entries.
  if (made.size > 200) made.clear();
  made.set(key, text);
  return text;
}
