/** A range of the member's days, `YYYY-MM-DD`, both included. */
export type DayRange = { from: string; to: string };

export const rangeChoices = ['week', 'days30', 'year'] as const;
export type RangeChoice = (typeof rangeChoices)[number];

const DAY_MS = 24 * 60 * 60_000;

/** A `YYYY-MM-DD` day moved by whole days (read in UTC, where each is exactly that day). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today in a zone, `YYYY-MM-DD` (en-CA writes dates that way). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The Monday of a day's week. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The picker's ranges, ending today: this week (Monday to today), the 30 days ending today, this year (1 January
 * to today).
 */
export function rangeOf(choice: RangeChoice, today: string): DayRange {
  switch (choice) {
    case 'week':
      return { from: mondayOf(today), to: today };
    case 'days30':
      return { from: addDays(today, -29), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The heatmap's days as columns of weeks (Monday first), the first column padded with nulls before its first day. */
export function heatmapWeeks<D extends { day: string }>(days: readonly D[]): (D | null)[][] {
  const first = days[0];
  if (!first) return [];
  const weekday = (new Date(`${first.day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const padded: (D | null)[] = [...Array<null>(weekday).fill(null), ...days];
  const weeks: (D | null)[][] = [];
  for (let i = 0; i < padded.length; i += 7) weeks.push(padded.slice(i, i + 7));
  return weeks;
}

/** A day's shade on the heatmap, 0 (none) to 4, by its share of the busiest day's minutes. */
export function heatLevel(minutes: number, most: number): 0 | 1 | 2 | 3 | 4 {
  if (minutes <= 0 || most <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((minutes / most) * 4))) as 1 | 2 | 3 | 4;
}
