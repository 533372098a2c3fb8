import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarSubscription, CreateCalendarSubscription } from '#shared/calendar-subscriptions.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** `POST /api/calendar/subscriptions`: the server fetches the calendar at once and keeps it only if it is one. */
export function createSubscription(request: CreateCalendarSubscription): Promise<CalendarSubscription> {
  return answerOf(api.calendar.subscriptions.$post({ json: request }));
}

/** The list and the week calendar are read again: the new calendar's events show in the week at once. */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.calendar }),
      ]),
  });
}
