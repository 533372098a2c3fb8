import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, UpdateTaskRequest } from '#shared/tasks.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';
import { applyTaskChanges, replaceTask } from '../lib/task-order.ts';
import {
  changeTasksOptimistically,
  invalidateDoneDependents,
  rollBackTasks,
  settleTasks,
  taskWrite,
  updateTasksCache,
} from './tasks-cache.ts';

/** `PUT /api/tasks/{id}` with any of status, title, labels, due_date and position. */
export function updateTask(id: number, changes: UpdateTaskRequest): Promise<Task> {
  // The route now takes an Idempotency-Key (a completion sent twice records one); this call sends none yet.
  return answerOf(api.tasks[':id'].$put({ param: { id: String(id) }, header: {}, json: changes }));
}

/** The task as the member saw it when asking for the change, and the change. */
export type UpdateTaskVariables = { task: Task; changes: UpdateTaskRequest };

const FAILURE: MessageKey = 'tasks.error.update';

/** Changing a task, as sent (and kept while offline): see `taskWrite`. */
export const updateTaskWrite = taskWrite(
  'update',
  ({ task, changes }: UpdateTaskVariables) => updateTask(task.id, changes),
  FAILURE,
);

export function useUpdateTask({ onCompleted }: { onCompleted?: (task: Task) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateTaskWrite,
    onMutate: ({ task, changes }) =>
      changeTasksOptimistically(queryClient, (tasks) => applyTaskChanges(tasks, task.id, changes)),
    onSuccess: (updated, { task }) => {
      updateTasksCache(queryClient, (tasks) => replaceTask(tasks, updated.id, updated));
      const wasDone = task.status === 'done';
      const isDone = updated.status === 'done';
      if (wasDone !== isDone) invalidateDoneDependents(queryClient);
      if (isDone && !wasDone) onCompleted?.(updated);
    },
    onError: (error, { task }, context) =>
      rollBackTasks(queryClient, context, error, {
        log: `Failed to update task ${task.id}`,
        message: FAILURE,
      }),
    onSettled: () => settleTasks(queryClient),
  });
}
