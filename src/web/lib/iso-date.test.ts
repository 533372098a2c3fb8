import { describe, expect, it } from 'vitest';
import { isoDateIn, parseIsoDay } from './iso-date.ts';

describe('ISO days', () => {
  it('names the day of an instant in a zone, or where the browser is', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(isoDateIn(instant, 'UTC')).toBe('2026-11-21');
    expect(isoDateIn(instant, 'Asia/Tokyo')).toBe('2026-11-22');
    expect(isoDateIn(instant, 'America/Santiago')).toBe('2026-11-21');
    expect(isoDateIn(new Date(2026, 0, 5, 0, 10))).toBe('2026-01-05');
    expect(() => isoDateIn(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('reads a YYYY-MM-DD day as its start in UTC, and nothing else', () => {
    expect(parseIsoDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseIsoDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDay('2026-02-29')).toBeNull();
    expect(parseIsoDay('2026-13-01')).toBeNull();
    expect(parseIsoDay('someday')).toBeNull();
  });
});
