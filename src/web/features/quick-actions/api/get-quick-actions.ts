import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickAction } from '#shared/quick-actions.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export const quickActionsQueryKey = ['studio', 'quick-actions'] as const;

/** `GET /api/quick-actions`: the member's actions, oldest first. */
export function getQuickActions(signal?: AbortSignal): Promise<QuickAction[]> {
  return answerOf(api['quick-actions'].$get({}, { init: { signal } }));
}

export function quickActionsQueryOptions() {
  return queryOptions({ queryKey: quickActionsQueryKey, queryFn: ({ signal }) => getQuickActions(signal) });
}

export function useQuickActions() {
  return useQuery(quickActionsQueryOptions());
}
