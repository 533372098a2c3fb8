import fc from 'fast-check';
import * as rruleModule from 'rrule';
import { describe, expect, it } from 'vitest';
import { type RepeatRule, weekdayCodes } from './task-repeat.ts';
import { civilOf, dayNumber, firstDateAfter, formatDayNumber, parseDay } from './task-repeat-dates.ts';

// Node loads rrule's CommonJS build, whose names hang off its default export; a bundler names them directly.
const { RRule } = (rruleModule as { default?: typeof rruleModule }).default ?? rruleModule;

describe('day numbers', () => {
  it('agree with Date on every day of four centuries', () => {
    const start = Date.UTC(1900, 0, 1);
    for (let days = 0; days < 146_097; days += 1) {
      const at = new Date(start + days * 86_400_000);
      const text = at.toISOString().slice(0, 10);
      const n = parseDay(text);
      expect(formatDayNumber(n)).toBe(text);
      if (days % 997 === 0) {
        expect(n * 86_400_000).toBe(at.getTime());
        expect(civilOf(n)).toEqual({
          year: at.getUTCFullYear(),
          month: at.getUTCMonth() + 1,
          day: at.getUTCDate(),
        });
      }
    }
    expect(dayNumber(1970, 1, 1)).toBe(0);
  });
});

const subset = <T>(values: readonly T[], maxLength: number) =>
  fc.uniqueArray(fc.constantFrom(...values), { maxLength });

/**
 * Rules of every shape the parser accepts, but where rrule departs from RFC 5545: BYDAY mixing plain and ordinal
 * days, and a BYSETPOS from the end beyond the period's days.
 */
const ruleArbitrary: fc.Arbitrary<RepeatRule> = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    byMonth: subset([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 3),
    byMonthDay: subset([1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -7], 3),
    plain: subset(weekdayCodes, 4),
    nth: fc.uniqueArray(
      fc.record({
        weekday: fc.constantFrom(...weekdayCodes),
        nth: fc.constantFrom(1, 2, 3, 4, -1, -2, 5, 20, -10),
      }),
      { maxLength: 2, selector: (day) => `${day.nth}${day.weekday}` },
    ),
    ordinals: fc.boolean(),
    // Not -2 and beyond: rrule takes `days.slice(-2)[0]` for it, which is the only day of a one-day period.
    bySetPos: subset([1, 2, 3, -1], 2),
    wkst: fc.constantFrom(null, 'MO', 'SU', 'WE' as const),
  })
  .map(({ freq, plain, nth, ordinals, byMonthDay, bySetPos, ...rest }): RepeatRule => {
    const useOrdinals = ordinals && (freq === 'MONTHLY' || freq === 'YEARLY') && nth.length > 0;
    const byDay = useOrdinals
      ? nth.map((day) => ({
          weekday: day.weekday,
          nth: freq === 'MONTHLY' ? Math.max(-5, Math.min(5, day.nth)) : day.nth,
        }))
      : plain.map((weekday) => ({ weekday, nth: null }));
    const rule = {
      ...rest,
      freq,
      byDay,
      byMonthDay: freq === 'WEEKLY' ? [] : byMonthDay,
      bySetPos,
      count: null,
      until: null,
    };
    const hasBy = rule.byDay.length + rule.byMonthDay.length + rule.byMonth.length > 0;
    return { ...rule, bySetPos: hasBy ? bySetPos : [] };
  });

const dtstartArbitrary = fc.integer({ min: dayNumber(2020, 1, 1), max: dayNumber(2030, 12, 31) });

/**
 * rrule's first `howMany` dates of the rule from `dtstart`, as day numbers. rrule repeats a date when BYSETPOS
 * picks it in a week (its issue #578), so its dates are taken once each.
 */
function rruleDates(rule: RepeatRule, dtstart: number, howMany: number): number[] {
  const days = {
    MO: RRule.MO,
    TU: RRule.TU,
    WE: RRule.WE,
    TH: RRule.TH,
    FR: RRule.FR,
    SA: RRule.SA,
    SU: RRule.SU,
  };
  const rrule = new RRule({
    freq: RRule[rule.freq],
    interval: rule.interval,
    dtstart: new Date(dtstart * 86_400_000),
    byweekday:
      rule.byDay.length > 0
        ? rule.byDay.map((day) => (day.nth === null ? days[day.weekday] : days[day.weekday].nth(day.nth)))
        : null,
    bymonthday: rule.byMonthDay.length > 0 ? rule.byMonthDay : null,
    bymonth: rule.byMonth.length > 0 ? rule.byMonth : null,
    bysetpos: rule.bySetPos.length > 0 ? rule.bySetPos : null,
    wkst: rule.wkst === null ? null : days[rule.wkst],
  });
  const dates = rrule.all((_date, index) => index < howMany * 2);
  return [...new Set(dates.map((date) => Math.round(date.getTime() / 86_400_000)))].slice(0, howMany);
}

/** The first `howMany` dates by our walk, each found from the one before (as completions move a task). */
function ourDates(rule: RepeatRule, dtstart: number, howMany: number): number[] {
  const dates: number[] = [];
  let next = firstDateAfter(rule, dtstart, dtstart, true);
  while (next !== null && dates.length < howMany) {
    dates.push(next);
    next = firstDateAfter(rule, dtstart, next, false);
  }
  return dates;
}

describe('firstDateAfter', () => {
  it("gives rrule's dates for every rule rrule reads as RFC 5545 does", () => {
    fc.assert(
      fc.property(ruleArbitrary, dtstartArbitrary, (rule, someDay) => {
        // rrule applies BYSETPOS to the first week from DTSTART on, where RFC 5545 takes the whole week (see
        // periodDays): the two agree from a week's first day.
        const weekStart = weekdayCodes.indexOf(rule.wkst ?? 'MO');
        const dtstart =
          rule.freq === 'WEEKLY' && rule.bySetPos.length > 0
            ? someDay - ((((someDay + 3) % 7) - weekStart + 7) % 7)
            : someDay;
        const ours = ourDates(rule, dtstart, 6);
        // rrule walks to the year 9999 when a rule has no date, so it is asked only for the dates we found.
        fc.pre(ours.length > 0);
        expect(rruleDates(rule, dtstart, ours.length).map(formatDayNumber)).toEqual(
          ours.map(formatDayNumber),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('takes a plain and an ordinal BYDAY as alternatives (RFC 5545): the first Monday and every Friday', () => {
    const rule: RepeatRule = {
      freq: 'MONTHLY',
      interval: 1,
      byDay: [
        { weekday: 'MO', nth: 1 },
        { weekday: 'FR', nth: null },
      ],
      byMonthDay: [],
      byMonth: [],
      bySetPos: [],
      wkst: null,
      count: null,
      until: null,
    };
    expect(ourDates(rule, parseDay('2026-12-01'), 4).map(formatDayNumber)).toEqual([
      '2026-12-04',
      '2026-12-07',
      '2026-12-11',
      '2026-12-18',
    ]);
  });
});
