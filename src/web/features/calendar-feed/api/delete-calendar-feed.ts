import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '#shared/calendar-feed.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { calendarFeedKeys } from './calendar-feed-keys.ts';

/** `DELETE /api/calendar/feed`: the address stops working. */
export async function deleteCalendarFeed(): Promise<void> {
  await answerOf(api.calendar.feed.$delete());
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: () => queryClient.setQueryData<CalendarFeed>(calendarFeedKeys.address, { url: null }),
  });
}
