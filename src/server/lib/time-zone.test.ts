import { describe, expect, it } from 'vitest';
import { localDateOf, localDayRange, previousDate } from './time-zone.ts';

describe('days in a member’s time zone', () => {
  it('finds the local date of an instant', () => {
    expect(localDateOf(new Date('2026-11-25T02:30:00Z'), 'America/Santiago')).toBe('2026-11-24');
    expect(localDateOf(new Date('2026-11-25T02:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-25');
  });

  it('finds the UTC bounds of the local day, across DST changes', () => {
    expect(localDayRange(new Date('2026-11-25T02:30:00Z'), 'America/Santiago')).toEqual({
      start: new Date('2026-11-24T03:00:00Z'),
      end: new Date('2026-11-25T03:00:00Z'),
    });
    // Madrid's spring-forward day has 23 hours.
    const { start, end } = localDayRange(new Date('2026-03-29T12:00:00Z'), 'Europe/Madrid');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('starts a day at the clock jump where midnight does not exist', () => {
    // Santiago springs forward at 00:00 on 2026-09-06: the day starts at 01:00 local, 04:00Z.
    const { start, end } = localDayRange(new Date('2026-09-06T15:00:00Z'), 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(end.toISOString()).toBe('2026-09-07T03:00:00.000Z');
  });

  it('steps back a day across month ends', () => {
    expect(previousDate('2026-03-01')).toBe('2026-02-28');
    expect(previousDate('2026-01-01')).toBe('2025-12-31');
  });
});
