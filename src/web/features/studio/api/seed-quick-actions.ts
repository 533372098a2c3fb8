import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type QuickAction, quickActionsResponseSchema } from '#shared/quick-actions.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { quickActionsQueryKey } from './get-quick-actions.ts';

/** `POST /api/quick-actions/seed`: adds the five starter actions when the member has none; answers the list. */
export function seedQuickActions(): Promise<QuickAction[]> {
  return apiRequest('/api/quick-actions/seed', { method: 'POST', schema: quickActionsResponseSchema });
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
