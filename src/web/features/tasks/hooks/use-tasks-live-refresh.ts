import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '#web/lib/live-events.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { invalidateDoneDependents } from '../api/tasks-cache.ts';

/**
 * Refetches the member's tasks when they changed elsewhere (`tasks.changed`: a reminder's Done pressed with no tab
 * open, another device, an AI proposal applied) or when the live stream comes back after a gap, in which events
 * may have been missed. While this page's own task writes are in flight it waits: their answers settle the list
 * (tasks-cache.ts), and a refetch between would show the list without them for a moment.
 */
export function useTasksLiveRefresh(): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (queryClient.isMutating({ mutationKey: queryKeys.tasks }) > 0) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
    void queryClient.invalidateQueries({ queryKey: queryKeys.calendar });
    invalidateDoneDependents(queryClient);
  };
  useLiveEvents({
    onEvent: (event) => {
      if (event.type === 'tasks.changed') refresh();
    },
    onReconnect: refresh,
  });
}
