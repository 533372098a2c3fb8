import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Widget } from '#shared/widgets.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/**
 * A widget as the browser reads it: any `type` string, so a type this build does not know (a newer server, an
 * old row) shows 'Unsupported widget type'.
 */
export type ShownWidget = Omit<Widget, 'type'> & { type: string };

/** The widgets query key. Only this feature reads or changes widgets, so it is not in the app's shared keys. */
export const widgetsQueryKey = ['widgets'] as const;

/** `GET /api/widgets`: the member's widgets in grid order (`order_index`). */
export function getWidgets(signal?: AbortSignal): Promise<ShownWidget[]> {
  return answerOf(api.widgets.$get({}, { init: { signal } }));
}

export function widgetsQueryOptions() {
  return queryOptions({ queryKey: widgetsQueryKey, queryFn: ({ signal }) => getWidgets(signal) });
}

export function useWidgets() {
  return useQuery(widgetsQueryOptions());
}
