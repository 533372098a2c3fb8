import { describe, expect, it } from 'vitest';
import { formatDueDate, isOverdue, localIsoDate } from './due-date.ts';

describe('due dates', () => {
  const now = new Date(2026, 10, 21, 23, 30); // 21 Nov 2026, late evening where the member is

  it('reads "Due Nov 30" in an English locale, whatever the time zone', () => {
    expect(formatDueDate('2026-11-30', now, 'en-US')).toBe('Due Nov 30');
    expect(formatDueDate('2026-11-01', now, 'en-US')).toBe('Due Nov 1');
  });

  it('follows the locale', () => {
    expect(formatDueDate('2026-11-30', now, 'en-GB')).toBe('Due 30 Nov');
  });

  it('adds the year when it is not this year', () => {
    expect(formatDueDate('2027-01-05', now, 'en-US')).toBe('Due Jan 5, 2027');
  });

  it('is overdue once the day has passed where the member is, not on the day itself', () => {
    expect(localIsoDate(now)).toBe('2026-11-21');
    expect(isOverdue('2026-11-20', now)).toBe(true);
    expect(isOverdue('2026-11-21', now)).toBe(false);
    expect(isOverdue('2026-12-01', now)).toBe(false);
  });
});
