import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '#shared/calendar-feed.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { calendarFeedKeys } from './calendar-feed-keys.ts';

/** `GET /api/calendar/feed`: the member's feed address, or `{url: null}`. */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return answerOf(api.calendar.feed.$get({}, { init: { signal } }));
}

export function useCalendarFeed() {
  return useQuery(
    queryOptions({ queryKey: calendarFeedKeys.address, queryFn: ({ signal }) => getCalendarFeed(signal) }),
  );
}
