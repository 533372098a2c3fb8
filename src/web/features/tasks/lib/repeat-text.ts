import type { Formatters } from '#web/lib/i18n/format.ts';
import type { MessageKey, Translate } from '#web/lib/i18n/use-t.ts';
import { type RepeatRule, type Weekday, type WeekdayOrdinal, weekdays } from '../model/repeat-rule.ts';

/*
 * A repeat rule in words, in the interface's language, for what the browser shows before the server has answered
 * (the quick-add line's chip, the editor's preview). Once saved, a task carries the server's own words
 * (`repeat_text`), which also cover rules this model cannot hold.
 */

/** The weekday's name in the interface's language: 1 January 2024 was a Monday. */
export function weekdayName(day: Weekday, format: Formatters, width: 'long' | 'short' = 'long'): string {
  return format.date(Date.UTC(2024, 0, 1 + weekdays.indexOf(day)), { weekday: width, timeZone: 'UTC' });
}

const ordinalKey: Record<WeekdayOrdinal, 'first' | 'second' | 'third' | 'fourth' | 'fifth' | 'last'> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  5: 'fifth',
  [-1]: 'last',
};

/** "first", "last"; "primer", "último". */
export function ordinalWord(n: WeekdayOrdinal, t: Translate): string {
  return t('tasks.repeat.ordinal', { nth: ordinalKey[n] });
}

const WORKWEEK = 'MO,TU,WE,TH,FR';

function patternText(rule: RepeatRule, t: Translate, format: Formatters): string {
  const { interval } = rule;
  switch (rule.freq) {
    case 'DAILY':
      return t('tasks.repeat.daily', { interval });
    case 'WEEKLY':
      if (interval === 1 && rule.byDay.join(',') === WORKWEEK) return t('tasks.repeat.weekdays');
      if (rule.byDay.length === 0) return t('tasks.repeat.weekly', { interval });
      return t('tasks.repeat.weeklyOn', {
        interval,
        days: format.list(rule.byDay.map((day) => weekdayName(day, format))),
      });
    case 'MONTHLY':
      if (rule.nthWeekday) {
        return t('tasks.repeat.monthlyOnWeekday', {
          interval,
          ordinal: ordinalWord(rule.nthWeekday.n, t),
          weekday: weekdayName(rule.nthWeekday.weekday, format),
        });
      }
      if (rule.monthDay === -1) return t('tasks.repeat.monthlyLastDay', { interval });
      if (rule.monthDay !== null) {
        return t('tasks.repeat.monthlyOnDay', {
          interval,
          day: t('tasks.repeat.dayOfMonth', { day: rule.monthDay }),
        });
      }
      return t('tasks.repeat.monthly', { interval });
    case 'YEARLY':
      if (rule.month !== null && rule.monthDay !== null && rule.monthDay > 0) {
        const date = format.date(Date.UTC(2000, rule.month - 1, rule.monthDay), {
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        });
        return t('tasks.repeat.yearlyOn', { interval, date });
      }
      return t('tasks.repeat.yearly', { interval });
  }
}

/** "Every Monday and Wednesday", "Every 3 days, 5 times", "Cada último viernes del mes, hasta el 31 dic 2027". */
export function describeRepeat(rule: RepeatRule, t: Translate, format: Formatters): string {
  const pattern = patternText(rule, t, format);
  if (rule.end.kind === 'count') return t('tasks.repeat.endCount', { rule: pattern, count: rule.end.count });
  if (rule.end.kind === 'until') {
    const date = format.date(`${rule.end.date}T00:00:00Z`, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    return t('tasks.repeat.endUntil', { rule: pattern, date });
  }
  return pattern;
}

/** The key naming each frequency as a unit of the builder ("days", "weeks"…), counted. */
export const frequencyUnitKey: Record<RepeatRule['freq'], MessageKey> = {
  DAILY: 'tasks.repeat.unitDays',
  WEEKLY: 'tasks.repeat.unitWeeks',
  MONTHLY: 'tasks.repeat.unitMonths',
  YEARLY: 'tasks.repeat.unitYears',
};
