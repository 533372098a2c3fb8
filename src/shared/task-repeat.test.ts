import { describe, expect, it } from 'vitest';
import {
  completeOccurrence,
  nextOccurrence,
  parseRepeat,
  type RepeatRule,
  upcomingOccurrences,
} from './task-repeat.ts';

function rule(text: string, dtstart?: string): RepeatRule {
  const parsed = parseRepeat(text, dtstart);
  if (!parsed.ok) throw new Error(`${text} was refused: ${parsed.problem}`);
  return parsed.rule;
}

/** The occurrences after `day`, one completion after another (the task moving on each time). */
function walk(text: string, day: string, howMany: number): string[] {
  return upcomingOccurrences(rule(text), day, howMany);
}

describe('parseRepeat', () => {
  it.each([
    ['RRULE:FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['freq=daily;interval=3', 'FREQ=DAILY;INTERVAL=3'],
    ['FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE', 'FREQ=WEEKLY;BYDAY=MO,WE'],
    ['FREQ=MONTHLY;BYDAY=+1MO', 'FREQ=MONTHLY;BYDAY=1MO'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1;', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 'FREQ=YEARLY;BYMONTH=11;BYDAY=4TH'],
    [
      'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR;WKST=SU',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;WKST=SU',
    ],
    ['FREQ=DAILY;UNTIL=20261231T235959Z', 'FREQ=DAILY;UNTIL=20261231'],
    ['FREQ=WEEKLY;COUNT=10', 'FREQ=WEEKLY;COUNT=10'],
  ])('reads %s as %s', (source, normalized) => {
    const parsed = parseRepeat(source);
    expect(parsed).toMatchObject({ ok: true, text: normalized });
  });

  it.each([
    ['FREQ=HOURLY', 'unsupported'],
    ['FREQ=MINUTELY;INTERVAL=5', 'unsupported'],
    ['FREQ=DAILY;BYHOUR=9', 'unsupported'],
    ['FREQ=YEARLY;BYWEEKNO=20', 'unsupported'],
    ['FREQ=DAILY;X-NAME=1', 'malformed'],
    ['', 'malformed'],
    ['RRULE:', 'malformed'],
    ['INTERVAL=2', 'malformed'],
    ['FREQ=FORTNIGHTLY', 'malformed'],
    ['FREQ=DAILY;FREQ=WEEKLY', 'malformed'],
    ['FREQ=DAILY;INTERVAL=0', 'malformed'],
    ['FREQ=DAILY;INTERVAL=abc', 'malformed'],
    ['FREQ=DAILY;INTERVAL=1001', 'malformed'],
    ['FREQ=WEEKLY;BYDAY=XX', 'malformed'],
    ['FREQ=WEEKLY;BYDAY=MO,,TU', 'malformed'],
    ['FREQ=WEEKLY;BYDAY=1MO', 'malformed'],
    ['FREQ=WEEKLY;BYMONTHDAY=1', 'malformed'],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'malformed'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'malformed'],
    ['FREQ=MONTHLY;BYMONTH=13', 'malformed'],
    ['FREQ=MONTHLY;BYSETPOS=1', 'malformed'],
    ['FREQ=DAILY;COUNT=3;UNTIL=20261231', 'malformed'],
    ['FREQ=DAILY;UNTIL=20260231', 'malformed'],
    ['FREQ=DAILY;COUNT=0', 'malformed'],
    ['FREQ=DAILY;WKST=XX', 'malformed'],
    ['FREQ=DAILY INTERVAL=2', 'malformed'],
    ['DTSTART:20260101\nRRULE:FREQ=DAILY', 'malformed'],
  ])('refuses %j (%s)', (source, problem) => {
    expect(parseRepeat(source)).toEqual({ ok: false, problem });
  });

  it('refuses a rule that never comes round on or after the due date', () => {
    expect(parseRepeat('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', '2026-01-01')).toEqual({
      ok: false,
      problem: 'neverOccurs',
    });
    expect(parseRepeat('FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,6,9,11', '2026-01-01')).toMatchObject({
      ok: false,
    });
    expect(parseRepeat('FREQ=DAILY;UNTIL=20260101', '2026-03-01')).toMatchObject({ ok: false });
    expect(parseRepeat('FREQ=MONTHLY;BYDAY=6FR', '2026-01-01')).toMatchObject({ ok: false });
    // A 29 February is years away, and still found.
    expect(parseRepeat('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2097-03-01')).toMatchObject({ ok: true });
    expect(nextOccurrence(rule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'), '2097-03-01')).toBe('2104-02-29');
  });
});

describe('next occurrences', () => {
  it('the last Friday of each month across a year', () => {
    expect(walk('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-01', 12)).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
      '2026-05-29',
      '2026-06-26',
      '2026-07-31',
      '2026-08-28',
      '2026-09-25',
      '2026-10-30',
      '2026-11-27',
      '2026-12-25',
    ]);
  });

  it('the 31st skips the short months (RFC 5545); "the 31st or the last day" takes them', () => {
    expect(walk('FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', 6)).toEqual([
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
    expect(walk('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', '2026-01-31', 4)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(walk('FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', 2)).toEqual(['2028-02-29', '2028-03-31']);
    // No BYMONTHDAY: the due date's day, so a task due on the 31st comes back on the next 31st.
    expect(walk('FREQ=MONTHLY', '2026-01-31', 2)).toEqual(['2026-03-31', '2026-05-31']);
  });

  it('BYSETPOS: the last working day, the first weekend day of the month', () => {
    expect(walk('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-01', 4)).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(walk('FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1', '2026-01-01', 3)).toEqual([
      '2026-01-03',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it('weekdays, intervals, years and the first Monday', () => {
    expect(walk('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-27', 3)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(walk('FREQ=DAILY;INTERVAL=3', '2026-12-30', 2)).toEqual(['2027-01-02', '2027-01-05']);
    expect(walk('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', '2026-11-23', 4)).toEqual([
      '2026-11-27',
      '2026-12-07',
      '2026-12-11',
      '2026-12-21',
    ]);
    expect(walk('FREQ=MONTHLY;BYDAY=1MO', '2026-11-02', 2)).toEqual(['2026-12-07', '2027-01-04']);
    expect(walk('FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', '2026-01-01', 2)).toEqual(['2026-11-26', '2027-11-25']);
    expect(walk('FREQ=YEARLY', '2028-02-29', 1)).toEqual(['2032-02-29']);
  });

  it('counts the days in floating dates: a DST change in any zone never moves one', () => {
    // Europe/Madrid and America/Santiago change clocks on these days; the dates are days, not instants.
    expect(walk('FREQ=DAILY', '2026-03-28', 3)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
    expect(walk('FREQ=DAILY', '2026-09-05', 2)).toEqual(['2026-09-06', '2026-09-07']);
    expect(walk('FREQ=WEEKLY', '2026-10-18', 2)).toEqual(['2026-10-25', '2026-11-01']);
  });
});

describe('completeOccurrence', () => {
  const today = '2026-11-22';

  it('moves a rule counted from the due date to its next date', () => {
    expect(
      completeOccurrence(rule('FREQ=MONTHLY;BYMONTHDAY=1'), {
        dueDate: '2026-11-01',
        repeatFrom: 'due',
        today,
      }),
    ).toEqual({ next: true, dueDate: '2026-12-01', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1' });
  });

  it('counts from the member\'s today with repeat_from "completion"', () => {
    expect(
      completeOccurrence(rule('FREQ=DAILY;INTERVAL=3'), {
        dueDate: '2026-11-10',
        repeatFrom: 'completion',
        today,
      }),
    ).toEqual({ next: true, dueDate: '2026-11-25', repeat: 'FREQ=DAILY;INTERVAL=3' });
    expect(
      completeOccurrence(rule('FREQ=DAILY;INTERVAL=3'), { dueDate: '2026-11-10', repeatFrom: 'due', today }),
    ).toMatchObject({ dueDate: '2026-11-13' });
  });

  it('COUNT: the due date is the first of them, each completion leaves one fewer, the last stays done', () => {
    let current = rule('FREQ=WEEKLY;COUNT=3');
    let dueDate = '2026-11-02';
    const dates = [dueDate];
    for (;;) {
      const done = completeOccurrence(current, { dueDate, repeatFrom: 'due', today });
      if (!done.next) break;
      dates.push(done.dueDate);
      dueDate = done.dueDate;
      current = rule(done.repeat);
    }
    expect(dates).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(current.count).toBe(1);
  });

  it('UNTIL: no date after it, so the task stays done', () => {
    const until = rule('FREQ=WEEKLY;UNTIL=20261116');
    expect(completeOccurrence(until, { dueDate: '2026-11-09', repeatFrom: 'due', today })).toMatchObject({
      next: true,
      dueDate: '2026-11-16',
    });
    expect(completeOccurrence(until, { dueDate: '2026-11-16', repeatFrom: 'due', today })).toEqual({
      next: false,
    });
    expect(
      completeOccurrence(until, { dueDate: '2026-11-09', repeatFrom: 'completion', today: '2026-11-20' }),
    ).toEqual({ next: false });
  });
});
