import ICAL from 'ical.js';
import { instantOfLocalTime, isKnownTimeZone } from '#server/lib/data/time-zone.ts';

/**
 * An outside calendar file (untrusted: any member's link) read into the occurrences a window holds: recurrences
 * (RRULE, RDATE) expanded, EXDATEs left out, RECURRENCE-ID overrides put in place of the occurrence they move,
 * cancelled ones skipped, times resolved through their TZID. Everything is bounded: occurrences kept, recurrence
 * steps taken and the time spent, so a hostile rule (FREQ=SECONDLY since 1970) ends as a shorter list, never a
 * stuck server. Decision 0037.
 */

export type ExpandedEvent =
  | { uid: string; title: string; allDay: true; startDay: string; endDay: string }
  | { uid: string; title: string; allDay: false; startsAt: Date; endsAt: Date };

export type ExpandLimits = {
  /** Occurrences kept; the earliest in the window win. */
  maxOccurrences: number;
  /** Titles are cut to this many characters. */
  titleMax: number;
  /** Recurrence steps taken in all, the ones before the window included. */
  maxSteps?: number;
  /** Wall-clock time the expansion may take, in ms; what was found by then is kept. */
  timeBudgetMs?: number;
};

export class NotACalendarError extends Error {
  override name = 'NotACalendarError';
}

const DEFAULT_MAX_STEPS = 200_000;
const DEFAULT_TIME_BUDGET_MS = 3_000;

/**
 * The calendar's own name (X-WR-CALNAME) and its occurrences overlapping [from, until), sorted by start. Throws
 * NotACalendarError when the text is no iCalendar file.
 */
export function expandCalendar(
  text: string,
  window: { from: Date; until: Date },
  limits: ExpandLimits,
): { name: string | null; events: ExpandedEvent[] } {
  const calendar = parseCalendar(text);
  const deadline = Date.now() + (limits.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  let steps = limits.maxSteps ?? DEFAULT_MAX_STEPS;
  const outOfBudget = () => steps <= 0 || Date.now() > deadline;

  const masters = new Map<string, ICAL.Component>();
  const overrides = new Map<string, ICAL.Component[]>();
  const loose: ICAL.Component[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    if (!uid) {
      loose.push(vevent);
    } else if (vevent.hasProperty('recurrence-id')) {
      overrides.set(uid, [...(overrides.get(uid) ?? []), vevent]);
    } else if (!masters.has(uid)) {
      masters.set(uid, vevent);
    }
  }

  const found: ExpandedEvent[] = [];
  const keep = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, uid: string) => {
    if (isCancelled(item.component)) return;
    const event = occurrenceOf(item, start, end, uid, limits.titleMax);
    if (event && overlaps(event, window)) found.push(event);
  };

  for (const [uid, master] of masters) {
    if (outOfBudget()) break;
    const exceptions = overrides.get(uid) ?? [];
    overrides.delete(uid);
    try {
      const event = new ICAL.Event(master, { exceptions, strictExceptions: true });
      if (!event.isRecurring()) {
        keep(event, event.startDate, event.endDate, uid);
        continue;
      }
      const iterator = event.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        steps -= 1;
        if (outOfBudget()) break;
        // Occurrences come in order of their recurrence id; past the window's end, none can fall in it.
        if (instantOf(next, master.getFirstProperty('dtstart')) >= window.until.getTime() + DAY_MS) break;
        const details = event.getOccurrenceDetails(next);
        keep(details.item, details.startDate, details.endDate, uid);
      }
    } catch {
      // One broken event (an impossible rule, a malformed date) costs only itself.
    }
  }
  // Overrides whose series is missing, and events with no UID, stand on their own.
  for (const vevent of [...[...overrides.values()].flat(), ...loose]) {
    if (outOfBudget()) break;
    try {
      const event = new ICAL.Event(vevent);
      keep(event, event.startDate, event.endDate, event.uid || 'no-uid');
    } catch {
      // As above.
    }
  }

  found.sort((a, b) => startOf(a) - startOf(b));
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  return {
    name: typeof name === 'string' && name.trim() ? name.trim() : null,
    events: found.slice(0, limits.maxOccurrences),
  };
}

const DAY_MS = 24 * 60 * 60_000;

function parseCalendar(text: string): ICAL.Component {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(trimmed)) throw new NotACalendarError('no BEGIN:VCALENDAR');
  let parsed: unknown;
  try {
    parsed = ICAL.parse(trimmed);
  } catch (error) {
    throw new NotACalendarError(error instanceof Error ? error.message : 'unparsable');
  }
  // A file with several VCALENDARs parses to a list of them: the first is read.
  const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed;
  if (!Array.isArray(first)) throw new NotACalendarError('unparsable');
  const component = new ICAL.Component(first as unknown[]);
  if (component.name !== 'vcalendar') throw new NotACalendarError(`a ${component.name}, not a vcalendar`);
  return component;
}

function isCancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

function occurrenceOf(
  item: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
  uid: string,
  titleMax: number,
): ExpandedEvent | null {
  const title = titleOf(item.summary, titleMax);
  if (start.isDate) {
    const startDay = dayOf(start);
    // An all-day event ends the next day at the earliest (end exclusive); a DATE-TIME end is read as its day.
    const endDay = dayOf(end);
    return { uid, title, allDay: true, startDay, endDay: endDay > startDay ? endDay : nextDay(startDay) };
  }
  const startsAt = instantOf(start, item.component.getFirstProperty('dtstart'));
  const endProperty = item.component.getFirstProperty('dtend') ?? item.component.getFirstProperty('dtstart');
  const endsAt = instantOf(end, endProperty);
  if (!Number.isFinite(startsAt) || !Number.isFinite(endsAt)) return null;
  return {
    uid,
    title,
    allDay: false,
    startsAt: new Date(startsAt),
    endsAt: new Date(Math.max(startsAt, endsAt)),
  };
}

/**
 * The instant a time stands for. A TZID that names an IANA zone is read through Intl (the zone's whole history,
 * DST included), whatever VTIMEZONE the file carries; another TZID (Outlook's "Eastern Standard Time") through
 * the file's own VTIMEZONE, which ical.js finds in the calendar; UTC as UTC; a floating time (no zone) as UTC,
 * since the file gives nothing else to read it by.
 */
function instantOf(time: ICAL.Time, property: ICAL.Property | null): number {
  const utcWall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (time.isDate) return utcWall;
  if (time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone) return utcWall;
  const tzid = property?.getParameter('tzid');
  const name = typeof tzid === 'string' ? tzid : null;
  if (name && isKnownTimeZone(name) && time.zone?.tzid !== 'UTC') {
    const day = dayOf(time);
    const clock = `${pad(time.hour)}:${pad(time.minute)}`;
    return instantOfLocalTime(day, clock, name).getTime() + time.second * 1000;
  }
  if (time.zone && time.zone.tzid !== 'floating') return time.toUnixTime() * 1000;
  return utcWall;
}

function titleOf(summary: unknown, max: number): string {
  const text = typeof summary === 'string' ? summary.replace(/\s+/g, ' ').trim() : '';
  // Cut by code points, so a title never ends in half an emoji. An empty one is shown by its calendar's name.
  return [...text].slice(0, max).join('');
}

function overlaps(event: ExpandedEvent, window: { from: Date; until: Date }): boolean {
  if (event.allDay) {
    const fromDay = window.from.toISOString().slice(0, 10);
    const untilDay = window.until.toISOString().slice(0, 10);
    return event.endDay > fromDay && event.startDay <= untilDay;
  }
  // A zero-length occurrence at the window's first instant is in it.
  return (event.endsAt > window.from || event.startsAt >= window.from) && event.startsAt < window.until;
}

function startOf(event: ExpandedEvent): number {
  return event.allDay ? Date.parse(`${event.startDay}T00:00:00Z`) : event.startsAt.getTime();
}

const pad = (value: number) => String(value).padStart(2, '0');

function dayOf(time: ICAL.Time): string {
  return `${String(time.year).padStart(4, '0')}-${pad(time.month)}-${pad(time.day)}`;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
