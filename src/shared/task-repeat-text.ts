import { parseRepeat, type RepeatDay, type RepeatRule, type WeekdayCode } from './task-repeat.ts';
import { sharedText } from './texts.ts';

/*
 * A repeat rule in words ("Every last Friday", "Cada último viernes"), in the reader's language: each phrase is a
 * shared text (src/shared/messages, ICU), so English and Spanish each put the parts in their own order and
 * grammar. rrule's own `toText` speaks only English and cannot say BYSETPOS, so the words are built here from the
 * parsed rule: a head ("Every 2 weeks"), then what narrows it (days, months, positions), then how it ends.
 */

type Unit = 'day' | 'week' | 'month' | 'year';
const unitOf = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const satisfies Record<
  RepeatRule['freq'],
  Unit
>;
const monthKeys = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;
const WORKING_DAYS: readonly WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];
const WEEKEND: readonly WeekdayCode[] = ['SA', 'SU'];

/** An ordinal as the texts select it: the first five and the last three by name, the rest by number. */
function ordinal(n: number): { which: string; n: number } {
  const named: Record<number, string> = {
    1: 'first',
    2: 'second',
    3: 'third',
    4: 'fourth',
    5: 'fifth',
    [-1]: 'last',
    [-2]: 'secondLast',
    [-3]: 'thirdLast',
  };
  return { which: named[n] ?? (n > 0 ? 'nth' : 'nthLast'), n: Math.abs(n) };
}

/** "Monday, Wednesday and Friday": the language's "and" (or "or") before the last. */
function list(items: readonly string[], joiner: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  const head = items.slice(0, -1).join(', ');
  const last = items.at(-1) ?? '';
  return joiner === 'and'
    ? sharedText('shared.repeat.and', { head, last })
    : sharedText('shared.repeat.or', { head, last });
}

const weekdayName = (day: WeekdayCode) => sharedText('shared.repeat.weekday', { day });
const sameDays = (days: readonly RepeatDay[], set: readonly WeekdayCode[]) =>
  days.length === set.length &&
  set.every((code) => days.some((day) => day.weekday === code && day.nth === null));

/** "last Friday" / "último viernes": "Every last Friday", or with its article ("the last Friday") in a list. */
function nthWeekday(day: RepeatDay): string {
  return sharedText('shared.repeat.nthWeekday', { ...ordinal(day.nth ?? 1), day: weekdayName(day.weekday) });
}

/** A BYMONTHDAY entry: "the 1st", "the last day" / "el día 1", "el último día". */
function monthDay(n: number): string {
  return sharedText('shared.repeat.monthDay', n > 0 ? { which: 'nth', n } : ordinal(n));
}

/**
 * `FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1`: the 31st, or the last day of a shorter month (the RFC's way
 * of saying "the 31st" where a month has none). Answers the day, or null for any other rule.
 */
function dayOrLastDay(rule: RepeatRule): number | null {
  const days = rule.byMonthDay;
  const last = days.at(-1);
  if (rule.bySetPos.length !== 1 || rule.bySetPos[0] !== -1 || rule.byDay.length > 0 || last === undefined) {
    return null;
  }
  const run = days.every((day, index) => day === (days[0] ?? 0) + index);
  return run && (days[0] ?? 0) >= 28 && last >= 29 ? last : null;
}

/** The head and what narrows it: every rule part but COUNT and UNTIL. */
function describeDates(rule: RepeatRule): string {
  const unit = unitOf[rule.freq];
  const every = sharedText('shared.repeat.every', { unit, n: rule.interval });
  const plainDays = rule.byDay.every((day) => day.nth === null);
  const onlyDays = rule.byMonthDay.length === 0 && rule.byMonth.length === 0 && rule.bySetPos.length === 0;

  // Short forms for the plans people say out loud.
  if (rule.interval === 1 && onlyDays && rule.byDay.length > 0) {
    if ((rule.freq === 'DAILY' || rule.freq === 'WEEKLY') && sameDays(rule.byDay, WORKING_DAYS)) {
      return sharedText('shared.repeat.everyWeekday');
    }
    if ((rule.freq === 'DAILY' || rule.freq === 'WEEKLY') && plainDays) {
      return sharedText('shared.repeat.everyOn', {
        days: list(rule.byDay.map((day) => weekdayName(day.weekday))),
      });
    }
    const [only] = rule.byDay;
    if (rule.freq === 'MONTHLY' && rule.byDay.length === 1 && only && only.nth !== null) {
      return sharedText('shared.repeat.everyOn', { days: nthWeekday(only) });
    }
  }
  const orLast = dayOrLastDay(rule);
  if (orLast !== null && rule.byMonth.length === 0)
    return sharedText('shared.repeat.onDayOrLast', { head: every, n: orLast });
  const [month] = rule.byMonth;
  const [date] = rule.byMonthDay;
  if (
    rule.freq === 'YEARLY' &&
    rule.byMonth.length === 1 &&
    rule.byMonthDay.length === 1 &&
    month !== undefined &&
    date !== undefined &&
    date > 0 &&
    rule.byDay.length === 0 &&
    rule.bySetPos.length === 0
  ) {
    return sharedText('shared.repeat.onDate', { head: every, month: monthName(month), n: date });
  }

  let text = every;
  let positionsSaid = false;
  if (rule.bySetPos.length > 0 && rule.byDay.length > 0 && plainDays && rule.byMonthDay.length === 0) {
    // "on the last weekday", "on the first Monday or Friday".
    const set = sameDays(rule.byDay, WORKING_DAYS)
      ? 'weekday'
      : sameDays(rule.byDay, WEEKEND)
        ? 'weekendDay'
        : rule.byDay.length === 7
          ? 'day'
          : 'days';
    const positions = list(
      rule.bySetPos.map((position) => sharedText('shared.repeat.position', ordinal(position))),
    );
    const days = list(
      rule.byDay.map((day) => weekdayName(day.weekday)),
      'or',
    );
    text = sharedText('shared.repeat.onPositionsOf', { head: text, positions, set, days });
    positionsSaid = true;
  } else {
    const on = [
      ...rule.byMonthDay.map(monthDay),
      ...rule.byDay.map((day) =>
        day.nth === null
          ? sharedText('shared.repeat.onWeekday', { day: weekdayName(day.weekday) })
          : sharedText('shared.repeat.the', { item: nthWeekday(day) }),
      ),
    ];
    if (on.length > 0) text = sharedText('shared.repeat.on', { head: text, items: list(on) });
  }
  if (rule.byMonth.length > 0)
    text = sharedText('shared.repeat.inMonths', { head: text, months: list(rule.byMonth.map(monthName)) });
  if (rule.bySetPos.length > 0 && !positionsSaid) {
    const positions = list(
      rule.bySetPos.map((position) => sharedText('shared.repeat.position', ordinal(position))),
    );
    text = sharedText('shared.repeat.onlyPositions', { head: text, positions, unit });
  }
  return text;
}

function monthName(month: number): string {
  return sharedText('shared.repeat.month', { month: monthKeys[month - 1] ?? 'jan' });
}

/** A parsed rule in words, in the reader's language. */
export function describeRepeat(rule: RepeatRule): string {
  const dates = describeDates(rule);
  if (rule.count !== null) return sharedText('shared.repeat.times', { head: dates, count: rule.count });
  if (rule.until !== null) {
    const [year = '', month = '1', day = '1'] = rule.until.split('-');
    return sharedText('shared.repeat.until', {
      head: dates,
      year,
      month: monthName(Number(month)),
      day: String(Number(day)),
    });
  }
  return dates;
}

/** A stored rule (`task.repeat`) in words, or null when there is none or it is not one Lumara reads. */
export function repeatText(repeat: string | null): string | null {
  if (repeat === null) return null;
  const parsed = parseRepeat(repeat);
  return parsed.ok ? describeRepeat(parsed.rule) : null;
}
