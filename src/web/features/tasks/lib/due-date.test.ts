import { describe, expect, it } from 'vitest';
import { formattersFor } from '#web/lib/i18n/format.ts';
import { formatDueDay, isOverdue, localIsoDate } from './due-date.ts';

describe('due dates', () => {
  const now = new Date(2026, 10, 21, 23, 30); // 21 Nov 2026, late evening where the member is

  it('reads "Nov 30" in English, whatever the time zone', () => {
    expect(formatDueDay('2026-11-30', formattersFor('en'), now)).toBe('Nov 30');
    expect(formatDueDay('2026-11-01', formattersFor('en'), now)).toBe('Nov 1');
  });

  it('follows the interface’s language', () => {
    expect(formatDueDay('2026-11-30', formattersFor('es'), now)).toBe('30 nov');
  });

  it('adds the year when it is not this year', () => {
    expect(formatDueDay('2027-01-05', formattersFor('en'), now)).toBe('Jan 5, 2027');
  });

  it('shows a date that does not parse as it came', () => {
    expect(formatDueDay('someday', formattersFor('en'), now)).toBe('someday');
  });

  it('is overdue once the day has passed where the member is, not on the day itself', () => {
    expect(localIsoDate(now)).toBe('2026-11-21');
    expect(isOverdue('2026-11-20', now)).toBe(true);
    expect(isOverdue('2026-11-21', now)).toBe(false);
    expect(isOverdue('2026-12-01', now)).toBe(false);
  });
});
