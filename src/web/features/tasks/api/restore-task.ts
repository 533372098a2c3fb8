import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/tasks.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';
import { placeTask, replaceTask } from '../lib/task-order.ts';
import {
  changeTasksOptimistically,
  invalidateDoneDependents,
  rollBackTasks,
  settleTasks,
  taskWrite,
  updateTasksCache,
} from './tasks-cache.ts';

/** `POST /api/tasks/restore`: brings a deleted task back, at the top of its column. */
export function restoreTask(id: number): Promise<Task> {
  return answerOf(api.tasks.restore.$post({ json: { id } }));
}

/** Takes the task as it was when deleted, and shows it back at the top of its column at once. */
const FAILURE: MessageKey = 'tasks.error.restore';

/** Bringing a deleted task back, as sent (and kept while offline): see `taskWrite`. */
export const restoreTaskWrite = taskWrite('restore', (task: Task) => restoreTask(task.id), FAILURE);

export function useRestoreTask() {
  const queryClient = useQueryClient();
  return useMutation({
    ...restoreTaskWrite,
    onMutate: (task) => changeTasksOptimistically(queryClient, (tasks) => placeTask(tasks, task, 'top')),
    onSuccess: (restored) => {
      updateTasksCache(queryClient, (tasks) => replaceTask(tasks, restored.id, restored));
      if (restored.status === 'done') invalidateDoneDependents(queryClient);
    },
    onError: (error, task, context) =>
      rollBackTasks(queryClient, context, error, {
        log: `Failed to restore task ${task.id}`,
        message: FAILURE,
      }),
    onSettled: () => settleTasks(queryClient),
  });
}
