import { addDays, dayParts, daysInMonth, weekdayIndex } from './calendar-day.ts';

/*
 * The repeat rules the browser builds and reads (the editor's presets and builder, the quick-add line), as a small
 * model written to and read from RFC 5545 RRULE text. The server checks and runs every rule it is sent
 * (src/shared/task-repeat.ts); a rule this model cannot hold (BYSETPOS, several month days…) is kept as text and
 * shown in the server's words.
 */

export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof weekdays)[number];

export const repeatFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFrequency = (typeof repeatFrequencies)[number];

/** Which one of the month's weekdays: the 1st to 5th, or -1 the last. */
export type WeekdayOrdinal = 1 | 2 | 3 | 4 | 5 | -1;
export const weekdayOrdinals: readonly WeekdayOrdinal[] = [1, 2, 3, 4, 5, -1];

export type RepeatEnd =
  | { kind: 'never' }
  | { kind: 'count'; count: number }
  | { kind: 'until'; date: string };

export type RepeatRule = {
  freq: RepeatFrequency;
  /** Every `interval` days, weeks, months or years. */
  interval: number;
  /** WEEKLY: the days it falls on; empty = the due date's weekday. */
  byDay: Weekday[];
  /** MONTHLY or YEARLY: the day of the month, 1–31, or -1 for the last. */
  monthDay: number | null;
  /** MONTHLY: the 2nd Tuesday, the last Friday… (instead of `monthDay`). */
  nthWeekday: { n: WeekdayOrdinal; weekday: Weekday } | null;
  /** YEARLY: the month, 1–12. */
  month: number | null;
  end: RepeatEnd;
};

/** The limits the builder offers (RFC 5545 has none; these keep a typo from making a rule no one means). */
export const REPEAT_BUILDER_LIMITS = { intervalMax: 999, countMax: 999 } as const;

export function emptyRule(freq: RepeatFrequency): RepeatRule {
  return {
    freq,
    interval: 1,
    byDay: [],
    monthDay: null,
    nthWeekday: null,
    month: null,
    end: { kind: 'never' },
  };
}

/** `2026-12-31` → `20261231`, RFC 5545's DATE. */
const untilText = (day: string) => day.replaceAll('-', '');

/** The rule as RRULE text, without the `RRULE:` prefix, its parts in one fixed order. */
export function formatRule(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.freq === 'YEARLY' && rule.month !== null) parts.push(`BYMONTH=${rule.month}`);
  if ((rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') && rule.monthDay !== null && !rule.nthWeekday) {
    parts.push(`BYMONTHDAY=${rule.monthDay}`);
  }
  if (rule.freq === 'WEEKLY' && rule.byDay.length > 0) {
    parts.push(`BYDAY=${weekdays.filter((day) => rule.byDay.includes(day)).join(',')}`);
  }
  if (rule.freq === 'MONTHLY' && rule.nthWeekday) {
    parts.push(`BYDAY=${rule.nthWeekday.n}${rule.nthWeekday.weekday}`);
  }
  if (rule.end.kind === 'count') parts.push(`COUNT=${rule.end.count}`);
  if (rule.end.kind === 'until') parts.push(`UNTIL=${untilText(rule.end.date)}`);
  return parts.join(';');
}

const isWeekday = (value: string): value is Weekday => (weekdays as readonly string[]).includes(value);

function readPositive(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

function readUntil(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T\d{6}Z?)?$/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/**
 * The model of a rule written as RRULE text (with or without `RRULE:`), or null when the text is not a rule this
 * model can hold: then the editor keeps it as it is.
 */
export function parseRule(text: string): RepeatRule | null {
  const body = text.trim().replace(/^RRULE:/i, '');
  const fields = new Map<string, string>();
  for (const part of body.split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined || fields.has(key.toUpperCase())) return null;
    fields.set(key.toUpperCase(), value.toUpperCase());
  }
  const freq = fields.get('FREQ');
  if (!freq || !(repeatFrequencies as readonly string[]).includes(freq)) return null;
  const rule = emptyRule(freq as RepeatFrequency);
  for (const [key, value] of fields) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL': {
        const interval = readPositive(value);
        if (interval === null) return null;
        rule.interval = interval;
        break;
      }
      case 'COUNT': {
        const count = readPositive(value);
        if (count === null || rule.end.kind !== 'never') return null;
        rule.end = { kind: 'count', count };
        break;
      }
      case 'UNTIL': {
        const date = readUntil(value);
        if (date === null || rule.end.kind !== 'never') return null;
        rule.end = { kind: 'until', date };
        break;
      }
      // Weeks starting on Monday is what the builder means; another start changes which weeks count.
      case 'WKST':
        if (value !== 'MO') return null;
        break;
      case 'BYMONTH': {
        const month = readPositive(value);
        if (rule.freq !== 'YEARLY' || month === null || month > 12) return null;
        rule.month = month;
        break;
      }
      case 'BYMONTHDAY': {
        if (!/^(-1|\d{1,2})$/.test(value)) return null;
        const day = Number(value);
        if (day === 0 || day > 31 || (rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY')) return null;
        rule.monthDay = day;
        break;
      }
      case 'BYDAY': {
        const days = value.split(',');
        if (rule.freq === 'WEEKLY') {
          if (!days.every(isWeekday)) return null;
          rule.byDay = weekdays.filter((day) => days.includes(day));
        } else if (rule.freq === 'MONTHLY' && days.length === 1) {
          const match = /^(-1|[1-5])([A-Z]{2})$/.exec(days[0] ?? '');
          if (!match || !isWeekday(match[2] ?? '')) return null;
          rule.nthWeekday = { n: Number(match[1]) as WeekdayOrdinal, weekday: match[2] as Weekday };
        } else {
          return null;
        }
        break;
      }
      default:
        return null;
    }
  }
  if (rule.nthWeekday && rule.monthDay !== null) return null;
  if (rule.freq === 'YEARLY' && (rule.month === null) !== (rule.monthDay === null)) return null;
  return rule;
}

/** The same rule whatever way it was written (`RRULE:` prefix, order of parts), or the text itself. */
export function normalizeRule(text: string): string {
  const rule = parseRule(text);
  return rule ? formatRule(rule) : text.trim().replace(/^RRULE:/i, '');
}

/** The weekday of a day, as RFC 5545 names it. */
export function weekdayOf(day: string): Weekday {
  return weekdays[weekdayIndex(day)] ?? 'MO';
}

/** Which of its month's weekdays the day is: 1 for the first Tuesday… 5. */
export function nthOfMonth(day: string): number {
  return Math.ceil(dayParts(day).date / 7);
}

/** Whether the day is the last of its weekday in its month. */
export function isLastOfMonth(day: string): boolean {
  const { year, month, date } = dayParts(day);
  return date + 7 > daysInMonth(year, month);
}

/**
 * The rule with what it leaves to its start said outright, from the due date it starts on: a weekly rule gets
 * the date's weekday, a monthly one its day of the month, a yearly one its month and day. So the rule means the
 * same whatever start the server counts from later (the next occurrence, or the day it was completed).
 */
export function anchorRule(rule: RepeatRule, dueDate: string): RepeatRule {
  const { month, date } = dayParts(dueDate);
  if (rule.freq === 'WEEKLY' && rule.byDay.length === 0) return { ...rule, byDay: [weekdayOf(dueDate)] };
  if (rule.freq === 'MONTHLY' && rule.monthDay === null && !rule.nthWeekday)
    return { ...rule, monthDay: date };
  if (rule.freq === 'YEARLY' && rule.month === null) return { ...rule, month, monthDay: date };
  return rule;
}

/** Whether `day` is one the rule's pattern names (its interval aside: the first occurrence starts the count). */
function fitsPattern(rule: RepeatRule, day: string): boolean {
  const { year, month, date } = dayParts(day);
  const lastDay = daysInMonth(year, month);
  const onMonthDay = (monthDay: number) => (monthDay === -1 ? date === lastDay : date === monthDay);
  switch (rule.freq) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
      return rule.byDay.length === 0 || rule.byDay.includes(weekdayOf(day));
    case 'MONTHLY': {
      if (rule.nthWeekday) {
        if (weekdayOf(day) !== rule.nthWeekday.weekday) return false;
        return rule.nthWeekday.n === -1 ? isLastOfMonth(day) : nthOfMonth(day) === rule.nthWeekday.n;
      }
      return rule.monthDay === null || onMonthDay(rule.monthDay);
    }
    case 'YEARLY':
      return rule.month === null || (rule.month === month && onMonthDay(rule.monthDay ?? date));
  }
}

/**
 * The first day on or after `from` that the rule falls on: the due date a new repeating task starts with. Four
 * years and a day cover every pattern the model holds (the 29th of February included); a pattern that never
 * occurs gives `from`, and the server refuses the rule.
 */
export function firstOccurrence(rule: RepeatRule, from: string): string {
  for (let offset = 0; offset <= 366 * 4 + 1; offset += 1) {
    const day = addDays(from, offset);
    if (fitsPattern(rule, day)) return day;
  }
  return from;
}

export type RepeatPresetId =
  | 'daily'
  | 'weekdays'
  | 'weekly'
  | 'monthly-day'
  | 'monthly-nth'
  | 'monthly-last'
  | 'yearly';

export type RepeatPreset = { id: RepeatPresetId; rule: RepeatRule };

/**
 * The editor's presets for a task due on `dueDate`: every day, every weekday, every week on this day, every month
 * on this date, every month on this weekday (the 4th Thursday; the last Friday when it is the month's last), and
 * every year.
 */
export function repeatPresets(dueDate: string): RepeatPreset[] {
  const weekday = weekdayOf(dueDate);
  const { month, date } = dayParts(dueDate);
  const nth = nthOfMonth(dueDate);
  const presets: RepeatPreset[] = [
    { id: 'daily', rule: emptyRule('DAILY') },
    { id: 'weekdays', rule: { ...emptyRule('WEEKLY'), byDay: ['MO', 'TU', 'WE', 'TH', 'FR'] } },
    { id: 'weekly', rule: { ...emptyRule('WEEKLY'), byDay: [weekday] } },
    { id: 'monthly-day', rule: { ...emptyRule('MONTHLY'), monthDay: date } },
  ];
  if (nth <= 4) {
    presets.push({
      id: 'monthly-nth',
      rule: { ...emptyRule('MONTHLY'), nthWeekday: { n: nth as WeekdayOrdinal, weekday } },
    });
  }
  if (isLastOfMonth(dueDate)) {
    presets.push({ id: 'monthly-last', rule: { ...emptyRule('MONTHLY'), nthWeekday: { n: -1, weekday } } });
  }
  presets.push({ id: 'yearly', rule: { ...emptyRule('YEARLY'), month, monthDay: date } });
  return presets;
}
