import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { widgetSchema } from '#shared/embeds.ts';
import { apiRequest } from '#web/app/api-client.ts';

/**
 * A widget as the browser reads it: any `type` string, so a type this build does not know (a newer server, an
 * old row) shows 'Unsupported widget type' (part 2 §2) instead of failing the whole list.
 */
export const shownWidgetSchema = widgetSchema.extend({ type: z.string() });
export type ShownWidget = z.infer<typeof shownWidgetSchema>;
const shownWidgetListSchema = z.array(shownWidgetSchema);

/** The widgets query key. Only this feature reads or changes widgets, so it is not in the app's shared keys. */
export const widgetsQueryKey = ['widgets'] as const;

/** `GET /api/widgets`: the member's widgets in grid order (`order_index`). */
export function getWidgets(signal?: AbortSignal): Promise<ShownWidget[]> {
  return apiRequest('/api/widgets', { schema: shownWidgetListSchema, signal });
}

export function widgetsQueryOptions() {
  return queryOptions({ queryKey: widgetsQueryKey, queryFn: ({ signal }) => getWidgets(signal) });
}

export function useWidgets() {
  return useQuery(widgetsQueryOptions());
}
