import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWidgetRequest } from '#shared/widgets.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { type ShownWidget, widgetsQueryKey } from './get-widgets.ts';

/**
 * `POST /api/widgets`. The server derives the widget's type and embed URL from `url` (a link or pasted embed
 * code) and answers 400 with a reason a person can read when it refuses; the form shows that reason. A profile
 * widget sends an empty `url`.
 */
export function createWidget(request: CreateWidgetRequest) {
  return answerOf(api.widgets.$post({ json: request }));
}

/** Not optimistic: what the grid will show (type, embed URL) is only known once the server has derived it. */
export function useCreateWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWidget,
    onSuccess: (widget: ShownWidget) => {
      queryClient.setQueryData(widgetsQueryKey, (widgets: ShownWidget[] | undefined) =>
        widgets ? [...widgets.filter((w) => w.id !== widget.id), widget] : widgets,
      );
    },
    // Not awaited: the form clears itself in its own onSuccess, which waits for this; waiting for the refetch would
    // clear what the member has started typing for the next widget meanwhile.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: widgetsQueryKey });
    },
  });
}
