import { describe, expect, it } from 'vitest';
import { formatJoinedDate, formatPostDate } from './post-date.ts';

describe('formatPostDate', () => {
  it('writes the short month, the day, the hour and the minute (part 2 §9)', () => {
    expect(formatPostDate('2026-11-22T18:39:00.000Z', 'en-US', 'UTC')).toBe('Nov 22, 6:39 PM');
    expect(formatPostDate('2026-01-05T09:05:00.000Z', 'en-US', 'UTC')).toBe('Jan 5, 9:05 AM');
  });

  it("shows the member's own time zone", () => {
    expect(formatPostDate('2026-11-22T18:39:00.000Z', 'en-US', 'America/New_York')).toBe('Nov 22, 1:39 PM');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatPostDate('not a date', 'en-US', 'UTC')).toBe('');
    expect(formatJoinedDate('not a date', 'en-US', 'UTC')).toBe('');
  });

  it('writes when a member joined as a medium date', () => {
    expect(formatJoinedDate('2026-11-22T18:39:00.000Z', 'en-US', 'UTC')).toBe('Nov 22, 2026');
  });
});
