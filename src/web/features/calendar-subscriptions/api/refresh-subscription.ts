import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarSubscription } from '#shared/calendar-subscriptions.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** `POST /api/calendar/subscriptions/{id}/refresh`: fetched now; a failure is the answer's `last_error`. */
export function refreshSubscription(id: number): Promise<CalendarSubscription> {
  return answerOf(api.calendar.subscriptions[':id'].refresh.$post({ param: { id: String(id) } }));
}

export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshSubscription,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.calendar }),
      ]),
  });
}
