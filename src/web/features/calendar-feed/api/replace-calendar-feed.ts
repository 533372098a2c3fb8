import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '#shared/calendar-feed.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { calendarFeedKeys } from './calendar-feed-keys.ts';

/** `POST /api/calendar/feed`: a new address; the one before (if any) stops working at once. */
export function replaceCalendarFeed(): Promise<CalendarFeed> {
  return answerOf(api.calendar.feed.$post());
}

/** The answer is the new address: it is shown at once, without reading it again. */
export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKeys.address, feed),
  });
}
