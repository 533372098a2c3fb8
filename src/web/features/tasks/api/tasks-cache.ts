import { type MutationFunction, mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/tasks.ts';
import { type MessageKey, translate } from '#web/lib/i18n/use-t.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/ui/toast.ts';
import { tasksQueryOptions } from './get-tasks.ts';

/**
 * What every task mutation shares: the optimistic change to the `['tasks']` cache, the rollback with a toast a
 * person can read when the server refuses, and one refetch once the last of them settles.
 */

/** Every task mutation carries this key, so `settleTasks` can tell whether others are still in flight. */
export const taskMutationKey = (operation: string) => [...queryKeys.tasks, operation] as const;

/**
 * What a task write is without the component that asked for it: its key, its call, and what follows its answer.
 * Task writes share a scope, so they reach the server one after another in the order the member made them (a
 * status change, then another, offline). These are also the defaults a write restored after a reload runs with
 * (lib/offline-writes.ts); a mounted hook adds the optimistic change and its own messages on top. The failure is
 * a message key, translated when the toast shows, so it reads in the language shown then.
 */
export function taskWrite<TData, TVariables>(
  operation: string,
  mutationFn: MutationFunction<TData, TVariables>,
  failureMessage: MessageKey,
) {
  return mutationOptions<TData, Error, TVariables>({
    mutationKey: taskMutationKey(operation),
    mutationFn,
    scope: { id: 'tasks' },
    onError: (error) => {
      console.error(`Failed to ${operation} a task: ${error.message}`);
      toast.error(translate(failureMessage), { id: 'tasks-failure' });
    },
    onSettled: (_data, _error, _variables, _result, { client }) => settleTasks(client),
  });
}

export type TasksSnapshot = { previous: Task[] | undefined };

/**
 * Stops refetches that would overwrite the change, then shows the change at once: the `onMutate` of every task
 * mutation, as TanStack Query's optimistic-update guide has it, but synchronous. `mutate` calls `onMutate` before
 * it first awaits, so a board drop is in the cache before the render that ends the drag, which then shows the
 * task where it was dropped rather than where it came from (task-board.tsx). Not awaiting the cancellation loses
 * nothing: TanStack Query 5 cancels at once, and a fetch cancelled later would fall back to this data, since
 * data set by hand is what a cancelled fetch reverts to.
 */
export function changeTasksOptimistically(
  queryClient: QueryClient,
  change: (tasks: Task[]) => Task[],
): TasksSnapshot {
  const { queryKey } = tasksQueryOptions();
  void queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData(queryKey);
  if (previous) queryClient.setQueryData(queryKey, change(previous));
  return { previous };
}

export function updateTasksCache(queryClient: QueryClient, change: (tasks: Task[]) => Task[]): void {
  queryClient.setQueryData(tasksQueryOptions().queryKey, (tasks) => (tasks ? change(tasks) : tasks));
}

/**
 * Puts the list back as it was and says so. Task failures are logged, and the
 * member also sees that the change did not stick, because the list just jumped back.
 */
export function rollBackTasks(
  queryClient: QueryClient,
  snapshot: TasksSnapshot | undefined,
  error: Error,
  { log, message }: { log: string; message: MessageKey },
): void {
  if (snapshot?.previous) queryClient.setQueryData(tasksQueryOptions().queryKey, snapshot.previous);
  console.error(`${log}: ${error.message}`);
  toast.error(translate(message), { id: 'tasks-failure' });
}

/** Refetches the list once the last task mutation in flight settles, so answers never race each other. */
export function settleTasks(queryClient: QueryClient): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: queryKeys.tasks }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
}

/** Tasks done feed the dashboard stats and the Task Warrior badge, which other features show. */
export function invalidateDoneDependents(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
  void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
}
