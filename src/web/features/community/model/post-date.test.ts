import { describe, expect, it } from 'vitest';
import { formattersFor } from '#web/lib/i18n/format.ts';
import { formatJoinedDate, formatPostDate } from './post-date.ts';

const en = formattersFor('en');
const es = formattersFor('es');

describe('formatPostDate', () => {
  it('writes the short month, the day, the hour and the minute', () => {
    expect(formatPostDate(en, '2026-11-22T18:39:00.000Z', 'UTC')).toBe('Nov 22, 6:39 PM');
    expect(formatPostDate(en, '2026-01-05T09:05:00.000Z', 'UTC')).toBe('Jan 5, 9:05 AM');
  });

  it("shows the member's own time zone", () => {
    expect(formatPostDate(en, '2026-11-22T18:39:00.000Z', 'America/New_York')).toBe('Nov 22, 1:39 PM');
  });

  it("writes the date in the interface's language", () => {
    expect(formatPostDate(es, '2026-11-22T18:39:00.000Z', 'UTC')).toMatch(/^22 nov/);
    expect(formatJoinedDate(es, '2026-11-22T18:39:00.000Z', 'UTC')).toBe('22 nov 2026');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatPostDate(en, 'not a date', 'UTC')).toBe('');
    expect(formatJoinedDate(en, 'not a date', 'UTC')).toBe('');
  });

  it('writes when a member joined as a medium date', () => {
    expect(formatJoinedDate(en, '2026-11-22T18:39:00.000Z', 'UTC')).toBe('Nov 22, 2026');
  });
});
