import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarWeek } from '#shared/calendar.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** `GET /api/calendar/week?time_zone=`: this week (Monday first) in the zone, with the member's own events. */
export function getCalendarWeek(timeZone: string, signal?: AbortSignal): Promise<CalendarWeek> {
  return answerOf(api.calendar.week.$get({ query: { time_zone: timeZone } }, { init: { signal } }));
}

export function calendarWeekQueryOptions(timeZone: string) {
  return queryOptions({
    queryKey: [...queryKeys.calendar, 'week', timeZone] as const,
    queryFn: ({ signal }) => getCalendarWeek(timeZone, signal),
  });
}

/** Waits for the zone (null while the profile that names it loads), so the week is asked for once. */
export function useCalendarWeek(timeZone: string | null) {
  return useQuery({ ...calendarWeekQueryOptions(timeZone ?? ''), enabled: timeZone !== null });
}
