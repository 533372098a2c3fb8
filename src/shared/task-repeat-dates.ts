import type { RepeatDay, RepeatRule, WeekdayCode } from './task-repeat.ts';

/*
 * The dates of a repeat rule (RFC 5545 §3.3.10 for day rules), as whole days counted from 1970-01-01: no time
 * and no zone, so a daylight-saving change can never move an occurrence to another day.
 *
 * Not rrule's iterator: it walks period after period until a date comes out or the year 9999 is passed, so a rule
 * with no date at all (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`) costs it 24 s of CPU, and a request could hold a
 * core that long. This walk stops at the end of a window every rule that occurs at all has a date in
 * (`searchDays`). task-repeat-dates.test.ts holds it to rrule's dates over many rules.
 */

const WEEKDAYS: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil): any year, no Date involved. */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The civil date of a day number (civil_from_days). */
export function civilOf(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day };
}

/** `YYYY-MM-DD` ⇄ day number. */
export function parseDay(text: string): number {
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  return dayNumber(year, month, day);
}
export function formatDayNumber(days: number): string {
  const { year, month, day } = civilOf(days);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
const weekdayOf = (days: number) => (((days + 3) % 7) + 7) % 7;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
function monthLength(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * How far ahead a date is looked for. Every rule that occurs at all occurs again within eight of its periods (a
 * 29 February in a yearly rule is at most eight years away; an INTERVAL multiplies the gap), or, for daily and
 * weekly rules narrowed to some days of the year, within nine years.
 */
function searchDays(rule: RepeatRule): number {
  const periodDays = { DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 }[rule.freq];
  return Math.max(9 * 366, rule.interval * periodDays * 8) + 1;
}

/** What the rule asks of a day, read once. */
type Matcher = {
  rule: RepeatRule;
  plainDays: Set<number>;
  nthDays: { weekday: number; nth: number }[];
};

function matcherOf(rule: RepeatRule): Matcher {
  const index = (day: RepeatDay) => WEEKDAYS.indexOf(day.weekday);
  return {
    rule,
    plainDays: new Set(rule.byDay.filter((day) => day.nth === null).map(index)),
    nthDays: rule.byDay.flatMap((day) => (day.nth === null ? [] : [{ weekday: index(day), nth: day.nth }])),
  };
}

function monthDayMatches(m: Matcher, day: number, length: number): boolean {
  return m.rule.byMonthDay.some((wanted) => wanted === day || wanted === day - length - 1);
}

/**
 * Whether a day is one of BYDAY's: a plain weekday, or the nth such weekday of the range (the month, or the
 * year), counted from its start or, negative, from its end. Plain and ordinal entries are alternatives (RFC 5545;
 * rrule would require both).
 */
function byDayMatches(m: Matcher, days: number, rangeStart: number, rangeEnd: number): boolean {
  const weekday = weekdayOf(days);
  if (m.plainDays.has(weekday)) return true;
  return m.nthDays.some(
    ({ weekday: wanted, nth }) =>
      wanted === weekday &&
      (nth > 0
        ? Math.floor((days - rangeStart) / 7) + 1 === nth
        : -(Math.floor((rangeEnd - days) / 7) + 1) === nth),
  );
}

/** BYSETPOS: the days at those positions of the period's sorted days (1 the first, -1 the last). */
function atPositions(days: number[], positions: readonly number[]): number[] {
  if (positions.length === 0) return days;
  const picked = new Set<number>();
  for (const position of positions) {
    const day = days[position > 0 ? position - 1 : days.length + position];
    if (day !== undefined) picked.add(day);
  }
  return [...picked].sort((a, b) => a - b);
}

/** The days of a month the rule takes, in order; `rangeOfNth` is where a BYDAY ordinal counts (month or year). */
function daysOfMonth(
  m: Matcher,
  year: number,
  month: number,
  dtstartDay: number,
  rangeOfNth: { start: number; end: number } | null,
): number[] {
  const { rule } = m;
  const first = dayNumber(year, month, 1);
  const length = monthLength(year, month);
  const range = rangeOfNth ?? { start: first, end: first + length - 1 };
  const days: number[] = [];
  for (let date = 1; date <= length; date += 1) {
    const days1970 = first + date - 1;
    const take =
      rule.byMonthDay.length > 0
        ? monthDayMatches(m, date, length) &&
          (rule.byDay.length === 0 || byDayMatches(m, days1970, range.start, range.end))
        : rule.byDay.length > 0
          ? byDayMatches(m, days1970, range.start, range.end)
          : date === dtstartDay;
    if (take) days.push(days1970);
  }
  return days;
}

/**
 * The rule's days in one period (before BYSETPOS), in order. `period` is its first day or its month/year. A week
 * is always whole (from WKST), also the one DTSTART falls in, so BYSETPOS counts the same days in every week;
 * rrule and python-dateutil count that first week from DTSTART on.
 */
function periodDays(m: Matcher, period: number, dtstart: number): number[] {
  const { rule } = m;
  const start = civilOf(dtstart);
  const inMonths = (month: number) => rule.byMonth.length === 0 || rule.byMonth.includes(month);
  switch (rule.freq) {
    case 'DAILY': {
      const { year, month, day } = civilOf(period);
      const take =
        inMonths(month) &&
        (rule.byMonthDay.length === 0 || monthDayMatches(m, day, monthLength(year, month))) &&
        (rule.byDay.length === 0 || m.plainDays.has(weekdayOf(period)));
      return take ? [period] : [];
    }
    case 'WEEKLY': {
      const days: number[] = [];
      for (let offset = 0; offset < 7; offset += 1) {
        const day = period + offset;
        const weekday = weekdayOf(day);
        const onDay = rule.byDay.length === 0 ? weekday === weekdayOf(dtstart) : m.plainDays.has(weekday);
        if (onDay && inMonths(civilOf(day).month)) days.push(day);
      }
      return days;
    }
    case 'MONTHLY': {
      const year = Math.floor(period / 12);
      const month = (period % 12) + 1;
      return inMonths(month) ? daysOfMonth(m, year, month, start.day, null) : [];
    }
    case 'YEARLY': {
      const year = period;
      if (rule.byMonthDay.length === 0 && rule.byDay.length === 0) {
        // The due date's day, in BYMONTH's months or else in its own month.
        const months = rule.byMonth.length > 0 ? rule.byMonth : [start.month];
        return months
          .filter((month) => start.day <= monthLength(year, month))
          .map((month) => dayNumber(year, month, start.day))
          .sort((a, b) => a - b);
      }
      // An ordinal counts within each month of BYMONTH, else within the year.
      const yearRange = { start: dayNumber(year, 1, 1), end: dayNumber(year, 12, 31) };
      const months =
        rule.byMonth.length > 0
          ? [...rule.byMonth].sort((a, b) => a - b)
          : [...Array(12).keys()].map((i) => i + 1);
      return [...new Set(months)].flatMap((month) =>
        daysOfMonth(m, year, month, start.day, rule.byMonth.length > 0 ? null : yearRange),
      );
    }
  }
}

/** The first period (its first day, month number or year) and how the next is reached. */
function periodsFrom(
  rule: RepeatRule,
  dtstart: number,
): { first: number; step: number; firstDay(period: number): number } {
  const { year, month } = civilOf(dtstart);
  switch (rule.freq) {
    case 'DAILY':
      return { first: dtstart, step: rule.interval, firstDay: (period) => period };
    case 'WEEKLY': {
      const weekStart = WEEKDAYS.indexOf(rule.wkst ?? 'MO');
      return {
        first: dtstart - ((weekdayOf(dtstart) - weekStart + 7) % 7),
        step: 7 * rule.interval,
        firstDay: (period) => period,
      };
    }
    case 'MONTHLY':
      return {
        first: year * 12 + month - 1,
        step: rule.interval,
        firstDay: (period) => dayNumber(Math.floor(period / 12), (period % 12) + 1, 1),
      };
    case 'YEARLY':
      return { first: year, step: rule.interval, firstDay: (period) => dayNumber(period, 1, 1) };
  }
}

/**
 * The rule's first date after `after` (or on it, `inclusive`), the rule starting on `dtstart` (its DTSTART: no
 * date before it), no later than UNTIL; null when it has none within the search window. COUNT is not applied
 * here: it counts DTSTART as the first occurrence whether or not it is one of the rule's dates (RFC 5545), which
 * `completeOccurrence` keeps by lowering COUNT as the task moves on.
 */
export function firstDateAfter(
  rule: RepeatRule,
  dtstart: number,
  after: number,
  inclusive: boolean,
): number | null {
  const until = rule.until === null ? Number.POSITIVE_INFINITY : parseDay(rule.until);
  const end = Math.min(until, after + searchDays(rule), dayNumber(9999, 12, 31));
  const m = matcherOf(rule);
  const periods = periodsFrom(rule, dtstart);
  for (let period = periods.first; periods.firstDay(period) <= end; period += periods.step) {
    for (const day of atPositions(periodDays(m, period, dtstart), rule.bySetPos)) {
      if (day < dtstart) continue;
      if (day > end) return null;
      if (day > after || (inclusive && day === after)) return day;
    }
  }
  return null;
}
