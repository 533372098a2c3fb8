import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '#shared/tasks.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** `GET /api/tasks`: the member's tasks that are not deleted, in position order within each status. */
export function getTasks(signal?: AbortSignal): Promise<Task[]> {
  return answerOf(api.tasks.$get({}, { init: { signal } }));
}

export function tasksQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tasks,
    queryFn: ({ signal }) => getTasks(signal),
  });
}

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
