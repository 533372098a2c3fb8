import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { subscriptionKeys } from './subscription-keys.ts';

/** `DELETE /api/calendar/subscriptions/{id}`: its events leave the week at once. */
export async function deleteSubscription(id: number): Promise<void> {
  await answerOf(api.calendar.subscriptions[':id'].$delete({ param: { id: String(id) } }));
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.calendar }),
      ]),
  });
}
