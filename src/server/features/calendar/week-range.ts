import { addDays, startOfLocalDay } from '#server/lib/time-zone.ts';

/** The Monday of the week holding a `YYYY-MM-DD` day (ISO weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The seven days of the week starting on `start` and the instants the week starts and ends in the zone. A week
 * holding a DST change is 167 or 169 hours long; the instants come from each end's own midnight, so nothing of
 * the first or last day is lost or doubled.
 */
export function weekRange(start: string, timeZone: string): { days: string[]; from: Date; until: Date } {
  const days = Array.from({ length: 7 }, (_, index) => addDays(start, index));
  return {
    days,
    from: startOfLocalDay(start, timeZone),
    until: startOfLocalDay(addDays(start, 7), timeZone),
  };
}
