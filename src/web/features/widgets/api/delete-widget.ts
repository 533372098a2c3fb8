import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { toast } from '#web/ui/toast.ts';
import { type ShownWidget, widgetsQueryKey } from './get-widgets.ts';

/** `DELETE /api/widgets/{id}`: gone for good. */
export async function deleteWidget(id: number): Promise<void> {
  await answerOf(api.widgets[':id'].$delete({ param: { id: String(id) } }));
}

/** The widget leaves the grid at once and comes back, with a toast, if the server refuses. */
export function useDeleteWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (widget: ShownWidget) => deleteWidget(widget.id),
    onMutate: async (widget) => {
      await queryClient.cancelQueries({ queryKey: widgetsQueryKey });
      const previous = queryClient.getQueryData<ShownWidget[]>(widgetsQueryKey);
      if (previous)
        queryClient.setQueryData(
          widgetsQueryKey,
          previous.filter((w) => w.id !== widget.id),
        );
      return { previous };
    },
    onError: (error, widget, context) => {
      if (context?.previous) queryClient.setQueryData(widgetsQueryKey, context.previous);
      console.error(`Failed to delete widget ${widget.id}: ${error.message}`);
      toast.error(translate('widgets.toast.deleteFailed'), { id: 'widgets-failure' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: widgetsQueryKey }),
  });
}
