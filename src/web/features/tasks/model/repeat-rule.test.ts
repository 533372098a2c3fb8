import { describe, expect, it } from 'vitest';
import {
  anchorRule,
  emptyRule,
  firstOccurrence,
  formatRule,
  normalizeRule,
  parseRule,
  repeatPresets,
} from './repeat-rule.ts';

describe('repeat rules as RRULE text', () => {
  it('writes each part the builder holds, in one order', () => {
    expect(
      formatRule({
        ...emptyRule('WEEKLY'),
        interval: 2,
        byDay: ['WE', 'MO'],
        end: { kind: 'count', count: 5 },
      }),
    ).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5');
    expect(formatRule({ ...emptyRule('MONTHLY'), nthWeekday: { n: -1, weekday: 'FR' } })).toBe(
      'FREQ=MONTHLY;BYDAY=-1FR',
    );
    expect(
      formatRule({
        ...emptyRule('YEARLY'),
        month: 12,
        monthDay: 25,
        end: { kind: 'until', date: '2030-12-31' },
      }),
    ).toBe('FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25;UNTIL=20301231');
  });

  it('reads rules back, with or without the prefix, and refuses what it cannot hold', () => {
    expect(parseRule('RRULE:FREQ=MONTHLY;BYDAY=2TU')).toEqual({
      ...emptyRule('MONTHLY'),
      nthWeekday: { n: 2, weekday: 'TU' },
    });
    expect(parseRule('freq=daily;interval=3;until=20270101T000000Z')).toEqual({
      ...emptyRule('DAILY'),
      interval: 3,
      end: { kind: 'until', date: '2027-01-01' },
    });
    expect(parseRule('FREQ=MONTHLY;BYDAY=MO,TU,WE;BYSETPOS=-1')).toBeNull();
    expect(parseRule('FREQ=HOURLY')).toBeNull();
    expect(parseRule('FREQ=WEEKLY;BYDAY=XX')).toBeNull();
    expect(parseRule('nonsense')).toBeNull();
    expect(normalizeRule('RRULE:BYDAY=WE,MO;FREQ=WEEKLY')).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
  });

  it('offers the presets of a date: the 4th Friday, and the last Friday when it is the last', () => {
    expect(repeatPresets('2026-12-25').map((preset) => [preset.id, formatRule(preset.rule)])).toEqual([
      ['daily', 'FREQ=DAILY'],
      ['weekdays', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
      ['weekly', 'FREQ=WEEKLY;BYDAY=FR'],
      ['monthly-day', 'FREQ=MONTHLY;BYMONTHDAY=25'],
      ['monthly-nth', 'FREQ=MONTHLY;BYDAY=4FR'],
      ['monthly-last', 'FREQ=MONTHLY;BYDAY=-1FR'],
      ['yearly', 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25'],
    ]);
    // The 29th is the 5th Tuesday: only "the last".
    expect(repeatPresets('2026-12-29').map((preset) => preset.id)).not.toContain('monthly-nth');
    expect(repeatPresets('2026-12-01').map((preset) => preset.id)).not.toContain('monthly-last');
  });

  it('finds the first occurrence on or after a day, and says outright what the start leaves open', () => {
    expect(firstOccurrence({ ...emptyRule('MONTHLY'), monthDay: 31 }, '2027-02-01')).toBe('2027-03-31');
    expect(firstOccurrence({ ...emptyRule('MONTHLY'), monthDay: -1 }, '2027-02-01')).toBe('2027-02-28');
    expect(firstOccurrence({ ...emptyRule('YEARLY'), month: 2, monthDay: 29 }, '2026-03-01')).toBe(
      '2028-02-29',
    );
    expect(anchorRule(emptyRule('WEEKLY'), '2026-12-17')).toMatchObject({ byDay: ['TH'] });
    expect(anchorRule(emptyRule('MONTHLY'), '2026-12-17')).toMatchObject({ monthDay: 17 });
    expect(anchorRule(emptyRule('YEARLY'), '2026-12-17')).toMatchObject({ month: 12, monthDay: 17 });
  });
});
