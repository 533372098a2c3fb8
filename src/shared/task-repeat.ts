import { firstDateAfter, formatDayNumber, parseDay } from './task-repeat-dates.ts';
import { sharedText } from './texts.ts';

/*
 * A task's repeat: an RFC 5545 recurrence rule over calendar days. The server checks and applies it (a completion
 * moves the task to its next date), the browser previews it; both with these functions, so they agree.
 *
 * Days are `YYYY-MM-DD` and computed as whole days ("floating" dates, task-repeat-dates.ts): a rule never meets a
 * time zone, so a daylight-saving change can never move an occurrence to another day. The rule's DTSTART is the task's due date;
 * RFC 5545 counts DTSTART as the first occurrence and COUNT includes it, so a stored COUNT is "occurrences left,
 * the current due date being the first", and `completeOccurrence` lowers it by one each time the task moves on.
 */

export const repeatFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatFrequency = (typeof repeatFrequencies)[number];
export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

/** One BYDAY entry: a weekday, with an ordinal within the month or year (`-1FR` is the last Friday) or none. */
export type RepeatDay = { weekday: WeekdayCode; nth: number | null };

/** A rule as parsed: every part the accepted rules may have, lists empty when absent. */
export type RepeatRule = {
  freq: RepeatFrequency;
  interval: number;
  byDay: RepeatDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  wkst: WeekdayCode | null;
  count: number | null;
  /** The last day the rule may occur on, `YYYY-MM-DD` (UNTIL's date; a time in it is dropped). */
  until: string | null;
};

/** Why a rule is refused: the member's words for each are `repeatRefusal`'s. */
export type RepeatProblem = 'malformed' | 'unsupported' | 'neverOccurs';

export type ParsedRepeat =
  | { ok: true; rule: RepeatRule; text: string }
  | { ok: false; problem: RepeatProblem };

/** Bounds that keep every computation on a rule short: an interval or count beyond them is no one's plan. */
export const REPEAT_LIMITS = { intervalMax: 1000, countMax: 99_999 } as const;

const PARTS = [
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'COUNT',
  'UNTIL',
  'WKST',
] as const;
type PartName = (typeof PARTS)[number];
const isPart = (name: string): name is PartName => (PARTS as readonly string[]).includes(name);
const isWeekday = (code: string): code is WeekdayCode => (weekdayCodes as readonly string[]).includes(code);
const isFrequency = (freq: string): freq is RepeatFrequency =>
  (repeatFrequencies as readonly string[]).includes(freq);
/** The frequencies RFC 5545 has that a task's day-based plan does not. */
const TIME_FREQUENCIES = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);

class Refused extends Error {
  readonly problem: RepeatProblem;
  constructor(problem: RepeatProblem) {
    super(problem);
    this.problem = problem;
  }
}
const malformed = () => new Refused('malformed');

/** A whole number in `[min, max]`, signed when `min` < 0, never 0 unless `min` is 0. */
function integerIn(value: string, min: number, max: number): number {
  if (!/^[+-]?\d{1,6}$/.test(value)) throw malformed();
  const n = Number(value);
  if (n < min || n > max || (n === 0 && min < 0)) throw malformed();
  return n;
}

function listOf<T>(value: string, item: (entry: string) => T): T[] {
  const entries = value.split(',');
  if (entries.some((entry) => entry === '')) throw malformed();
  return entries.map(item);
}

function repeatDay(entry: string): RepeatDay {
  const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(entry);
  const code = match?.[2] ?? '';
  if (!match || !isWeekday(code)) throw malformed();
  return { weekday: code, nth: match[1] === undefined ? null : integerIn(match[1], -53, 53) };
}

/** UNTIL as a day: `YYYYMMDD`, or a date-time whose date is the day (`YYYYMMDDTHHMMSS`, `Z` or not). */
function untilDay(value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
  if (!match) throw malformed();
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  if (!isCalendarDay(day)) throw malformed();
  return day;
}

/** Whether `YYYY-MM-DD` names a day that exists (no 31 April). */
function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && formatDayNumber(parseDay(day)) === day;
}

function readRule(source: string): RepeatRule {
  const body = source
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, '')
    // A trailing separator, as some tools write it, is not a part.
    .replace(/;$/, '');
  if (body === '') throw malformed();
  const parts = new Map<PartName, string>();
  for (const part of body.split(';')) {
    const match = /^([A-Z]+)=([^=;]+)$/.exec(part);
    if (!match) throw malformed();
    const [, name = '', value = ''] = match;
    if (name === 'FREQ' && TIME_FREQUENCIES.has(value)) throw new Refused('unsupported');
    // Parts RFC 5545 has that a day plan does not take (BYHOUR, BYWEEKNO, BYYEARDAY…) are refused as unknown.
    if (!isPart(name)) throw new Refused('unsupported');
    if (parts.has(name)) throw malformed();
    parts.set(name, value);
  }
  const freq = parts.get('FREQ');
  if (freq === undefined || !isFrequency(freq)) throw malformed();
  const read = <T>(name: PartName, parse: (value: string) => T, absent: T): T => {
    const value = parts.get(name);
    return value === undefined ? absent : parse(value);
  };
  const rule: RepeatRule = {
    freq,
    interval: read('INTERVAL', (v) => integerIn(v, 1, REPEAT_LIMITS.intervalMax), 1),
    byDay: read('BYDAY', (v) => listOf(v, repeatDay), []),
    byMonthDay: read('BYMONTHDAY', (v) => listOf(v, (d) => integerIn(d, -31, 31)), []),
    byMonth: read('BYMONTH', (v) => listOf(v, (m) => integerIn(m, 1, 12)), []),
    bySetPos: read('BYSETPOS', (v) => listOf(v, (p) => integerIn(p, -366, 366)), []),
    wkst: read<WeekdayCode | null>('WKST', (v) => (isWeekday(v) ? v : null), null),
    count: read<number | null>('COUNT', (v) => integerIn(v, 1, REPEAT_LIMITS.countMax), null),
    until: read<string | null>('UNTIL', untilDay, null),
  };
  if (parts.has('WKST') && rule.wkst === null) throw malformed();
  // RFC 5545 §3.3.10: COUNT and UNTIL never together; an ordinal BYDAY only in a MONTHLY or YEARLY rule; no
  // BYMONTHDAY in a WEEKLY one; BYSETPOS only beside another BYxxx part.
  if (rule.count !== null && rule.until !== null) throw malformed();
  if (rule.byDay.some((day) => day.nth !== null) && (freq === 'DAILY' || freq === 'WEEKLY'))
    throw malformed();
  if (rule.byMonthDay.length > 0 && freq === 'WEEKLY') throw malformed();
  if (rule.bySetPos.length > 0 && rule.byDay.length + rule.byMonthDay.length + rule.byMonth.length === 0) {
    throw malformed();
  }
  return rule;
}

/** The rule as the API answers it: no prefix, upper case, parts in one order, INTERVAL=1 left out. */
export function formatRepeat(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byMonth.length > 0) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay.length > 0)
    parts.push(`BYDAY=${rule.byDay.map((d) => `${d.nth ?? ''}${d.weekday}`).join(',')}`);
  if (rule.bySetPos.length > 0) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.wkst !== null) parts.push(`WKST=${rule.wkst}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/**
 * A rule as a member or client sent it, with or without `RRULE:`, checked: only what `RepeatRule` holds, each part
 * once and well formed. With `dtstart` (the task's due date) it must also occur on or after that day.
 */
export function parseRepeat(source: string, dtstart?: string): ParsedRepeat {
  let rule: RepeatRule;
  try {
    rule = readRule(source);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    throw error;
  }
  if (dtstart !== undefined && firstOnOrAfter(rule, dtstart) === null)
    return { ok: false, problem: 'neverOccurs' };
  return { ok: true, rule, text: formatRepeat(rule) };
}

/** The member's words for why a rule was refused, in the reader's language. */
export function repeatRefusal(problem: RepeatProblem) {
  if (problem === 'unsupported') return sharedText('shared.repeat.unsupported');
  if (problem === 'neverOccurs') return sharedText('shared.repeat.neverOccurs');
  return sharedText('shared.repeat.malformed');
}

/** The rule's first date on or after `day` (the rule starting there), or null when it has none. */
function firstOnOrAfter(rule: RepeatRule, day: string): string | null {
  const start = parseDay(day);
  const at = firstDateAfter(rule, start, start, true);
  return at === null ? null : formatDayNumber(at);
}

/** The rule's first date after `day`, the rule starting on `day` (its DTSTART), or null when there is none. */
export function nextOccurrence(rule: RepeatRule, day: string): string | null {
  const start = parseDay(day);
  const at = firstDateAfter(rule, start, start, false);
  return at === null ? null : formatDayNumber(at);
}

/** The first `howMany` dates of the rule after `day`: what an editor previews ("Next: …"). */
export function upcomingOccurrences(rule: RepeatRule, day: string, howMany: number): string[] {
  const dates: string[] = [];
  let from = day;
  let left = rule.count === null ? howMany : Math.min(howMany, rule.count - 1);
  while (left > 0) {
    const next = nextOccurrence(rule, from);
    if (next === null) break;
    dates.push(next);
    from = next;
    left -= 1;
  }
  return dates;
}

export type CompletedOccurrence =
  /** The task moves on to `dueDate`, its rule now `repeat` (a COUNT one lower). */
  | { next: true; dueDate: string; repeat: string }
  /** The rule has no occurrence after this one (its COUNT or UNTIL reached): the task stays done. */
  | { next: false };

/**
 * Where a repeating task goes when the occurrence due on `dueDate` is completed: from that date (`repeatFrom`
 * "due"), or from the member's `today` ("completion": `FREQ=DAILY;INTERVAL=3` is three days after it was done).
 */
export function completeOccurrence(
  rule: RepeatRule,
  { dueDate, repeatFrom, today }: { dueDate: string; repeatFrom: 'due' | 'completion'; today: string },
): CompletedOccurrence {
  if (rule.count !== null && rule.count <= 1) return { next: false };
  const next = nextOccurrence(rule, repeatFrom === 'completion' ? today : dueDate);
  if (next === null) return { next: false };
  const repeat = formatRepeat(rule.count === null ? rule : { ...rule, count: rule.count - 1 });
  return { next: true, dueDate: next, repeat };
}

/** The rule after a completion that moved it on is undone: its COUNT one higher again. */
export function reopenedRepeat(rule: RepeatRule): string {
  return formatRepeat(
    rule.count === null ? rule : { ...rule, count: Math.min(rule.count + 1, REPEAT_LIMITS.countMax) },
  );
}
