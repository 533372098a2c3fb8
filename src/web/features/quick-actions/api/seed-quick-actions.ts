import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickAction } from '#shared/quick-actions.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { quickActionsQueryKey } from './get-quick-actions.ts';

/** `POST /api/quick-actions/seed`: adds the five starter actions when the member has none; answers the list. */
export function seedQuickActions(): Promise<QuickAction[]> {
  return answerOf(api['quick-actions'].seed.$post());
}

export function useSeedQuickActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seedQuickActions,
    onSuccess: async (actions) => {
      await queryClient.cancelQueries({ queryKey: quickActionsQueryKey });
      queryClient.setQueryData(quickActionsQueryKey, actions);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickActionsQueryKey }),
  });
}
