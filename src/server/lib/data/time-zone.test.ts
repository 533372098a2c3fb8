import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, localDayRange, previousDate, startOfLocalDay } from './time-zone.ts';

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
    expect(previousDate('2028-03-01')).toBe('2028-02-29');
  });

  it('moves a day by whole calendar days across month, year and leap-day ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });

  it('puts one instant on days two apart in the zones furthest from UTC', () => {
    const instant = new Date('2026-12-31T10:30:00Z');
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toBe('2027-01-01');
    expect(localDateOf(instant, 'Pacific/Pago_Pago')).toBe('2026-12-30');
    expect(localDayRange(instant, 'Pacific/Kiritimati')).toEqual({
      start: new Date('2026-12-31T10:00:00Z'),
      end: new Date('2027-01-01T10:00:00Z'),
    });
    expect(localDayRange(instant, 'Pacific/Pago_Pago')).toEqual({
      start: new Date('2026-12-30T11:00:00Z'),
      end: new Date('2026-12-31T11:00:00Z'),
    });
  });

  it('gives fall-back days 25 hours and half-hour changes their half hour', () => {
    expect(localDayRange(new Date('2026-10-25T12:00:00Z'), 'Europe/Madrid')).toEqual({
      start: new Date('2026-10-24T22:00:00Z'),
      end: new Date('2026-10-25T23:00:00Z'),
    });
    // Santiago falls back at midnight on 2026-04-05: 00:00 becomes 23:00 of the 4th, which then lasts two hours.
    expect(localDayRange(new Date('2026-04-04T12:00:00Z'), 'America/Santiago')).toEqual({
      start: new Date('2026-04-04T03:00:00Z'),
      end: new Date('2026-04-05T04:00:00Z'),
    });
    expect(localDateOf(new Date('2026-09-06T03:59:59.999Z'), 'America/Santiago')).toBe('2026-09-05');
    expect(localDateOf(new Date('2026-09-06T04:00:00Z'), 'America/Santiago')).toBe('2026-09-06');
    // Lord Howe moves its clocks by 30 minutes: 23.5 hours in October, 24.5 in April.
    expect(localDayRange(new Date('2026-10-04T03:00:00Z'), 'Australia/Lord_Howe')).toEqual({
      start: new Date('2026-10-03T13:30:00Z'),
      end: new Date('2026-10-04T13:00:00Z'),
    });
    expect(localDayRange(new Date('2026-04-05T03:00:00Z'), 'Australia/Lord_Howe')).toEqual({
      start: new Date('2026-04-04T13:00:00Z'),
      end: new Date('2026-04-05T13:30:00Z'),
    });
  });

  it('answers the same whatever the server’s own zone, even when it changes its clocks too', () => {
    // TZDate built from wall-clock fields is an hour off here when the machine is in Santiago (decision 0020).
    const machineZone = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/Santiago', 'Pacific/Apia', 'Australia/Lord_Howe']) {
        process.env.TZ = zone;
        expect(startOfLocalDay('2026-04-05', 'Australia/Lord_Howe').toISOString()).toBe(
          '2026-04-04T13:00:00.000Z',
        );
        expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe(
          '2026-09-06T04:00:00.000Z',
        );
        expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
        expect(previousDate('2028-03-01')).toBe('2028-02-29');
      }
    } finally {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    }
  });
});
