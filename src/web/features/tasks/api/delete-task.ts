import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/tasks.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';
import { removeTask } from '../lib/task-order.ts';
import {
  changeTasksOptimistically,
  invalidateDoneDependents,
  rollBackTasks,
  settleTasks,
  taskWrite,
} from './tasks-cache.ts';

/** `DELETE /api/tasks/{id}`: a soft delete, undone by `restoreTask`. */
export async function deleteTask(id: number): Promise<void> {
  await answerOf(api.tasks[':id'].$delete({ param: { id: String(id) } }));
}

/** The task leaves the list at once; `onDeleted` runs once the server has agreed (the client acts only when ok). */
const FAILURE: MessageKey = 'tasks.error.delete';

/** Deleting a task, as sent (and kept while offline): see `taskWrite`. */
export const deleteTaskWrite = taskWrite('delete', (task: Task) => deleteTask(task.id), FAILURE);

export function useDeleteTask({ onDeleted }: { onDeleted?: (task: Task) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteTaskWrite,
    onMutate: (task) => changeTasksOptimistically(queryClient, (tasks) => removeTask(tasks, task.id)),
    onSuccess: (_answer, task) => {
      if (task.status === 'done') invalidateDoneDependents(queryClient);
      onDeleted?.(task);
    },
    onError: (error, task, context) =>
      rollBackTasks(queryClient, context, error, {
        log: `Failed to delete task ${task.id}`,
        message: FAILURE,
      }),
    onSettled: () => settleTasks(queryClient),
  });
}
