import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarSubscription } from '#shared/calendar-subscriptions.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** `GET /api/calendar/subscriptions`: the member's subscribed calendars, in the order they were added. */
export async function getSubscriptions(signal?: AbortSignal): Promise<CalendarSubscription[]> {
  const answer = await answerOf(api.calendar.subscriptions.$get({}, { init: { signal } }));
  return answer.subscriptions;
}

export function useSubscriptions() {
  return useQuery(
    queryOptions({ queryKey: subscriptionKeys.list, queryFn: ({ signal }) => getSubscriptions(signal) }),
  );
}
