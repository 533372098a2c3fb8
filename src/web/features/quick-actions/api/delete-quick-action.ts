import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickAction } from '#shared/quick-actions.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { quickActionsQueryKey } from './get-quick-actions.ts';

/** `DELETE /api/quick-actions/{id}`. */
export async function deleteQuickAction(id: number): Promise<void> {
  await answerOf(api['quick-actions'][':id'].$delete({ param: { id: String(id) } }));
}

/** The chip leaves the row once the server has agreed; the row reloads either way. */
export function useDeleteQuickAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: QuickAction) => deleteQuickAction(action.id),
    onSuccess: (_answer, action) => {
      queryClient.setQueryData<QuickAction[]>(quickActionsQueryKey, (actions) =>
        actions?.filter((a) => a.id !== action.id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickActionsQueryKey }),
  });
}
