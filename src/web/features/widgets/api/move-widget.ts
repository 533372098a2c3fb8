import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWidgetRequest } from '#shared/widgets.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { toast } from '#web/ui/toast.ts';
import { moveWidget as moveInList } from '../lib/widget-order.ts';
import { type ShownWidget, widgetsQueryKey } from './get-widgets.ts';

/** `PUT /api/widgets/{id}`: the widget takes `order_index` in the grid; the server renumbers the rest. */
export function updateWidget(id: number, changes: UpdateWidgetRequest): Promise<ShownWidget> {
  return answerOf(api.widgets[':id'].$put({ param: { id: String(id) }, json: changes }));
}

/** Moves a widget to `index` of the grid at once; the server's order is read back once the move settles. */
export function useMoveWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ widget, index }: { widget: ShownWidget; index: number }) =>
      updateWidget(widget.id, { order_index: index }),
    onMutate: async ({ widget, index }) => {
      await queryClient.cancelQueries({ queryKey: widgetsQueryKey });
      const previous = queryClient.getQueryData<ShownWidget[]>(widgetsQueryKey);
      if (previous) queryClient.setQueryData(widgetsQueryKey, moveInList(previous, widget.id, index));
      return { previous };
    },
    onError: (error, { widget }, context) => {
      if (context?.previous) queryClient.setQueryData(widgetsQueryKey, context.previous);
      console.error(`Failed to move widget ${widget.id}: ${error.message}`);
      toast.error(translate('widgets.toast.moveFailed'), { id: 'widgets-failure' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: widgetsQueryKey }),
  });
}
