import { tz } from '@date-fns/tz';
import { formatISO, parseISO, startOfISOWeek } from 'date-fns';
import { addDays, startOfLocalDay } from '#server/lib/data/time-zone.ts';

/** The Monday of the week holding a `YYYY-MM-DD` day (ISO weeks start on Monday), read in UTC as a plain day. */
export function mondayOf(day: string): string {
  return formatISO(startOfISOWeek(parseISO(day, { in: tz('UTC') })), { representation: 'date' });
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
