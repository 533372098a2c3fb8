import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, UpdateTaskRequest } from '#shared/tasks.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';
import { applyTaskChanges, replaceTask } from '../lib/task-order.ts';
import { isCompletion, movedToNextOccurrence } from '../model/completion.ts';
import { withTimeZone } from '../model/plan-request.ts';
import {
  changeTasksOptimistically,
  invalidateDoneDependents,
  rollBackTasks,
  settleTasks,
  taskWrite,
  updateTasksCache,
} from './tasks-cache.ts';

/**
 * `PUT /api/tasks/{id}` with any of the task's fields (with the member's time zone when they depend on it). A
 * completion goes with the key naming it, so the same completion sent again changes the task once.
 */
export function updateTask(id: number, changes: UpdateTaskRequest, idempotencyKey?: string): Promise<Task> {
  return answerOf(
    api.tasks[':id'].$put({
      param: { id: String(id) },
      header: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      json: withTimeZone(changes, browserTimeZone()),
    }),
  );
}

/**
 * The task as the member saw it when asking for the change, the change, and for a completion the key naming it:
 * made when the member asks, and kept with the write while it waits offline (lib/offline-writes.ts), so a replay
 * sends the same key.
 */
export type UpdateTaskVariables = { task: Task; changes: UpdateTaskRequest; idempotencyKey?: string };

const FAILURE: MessageKey = 'tasks.error.update';

/** Changing a task, as sent (and kept while offline): see `taskWrite`. */
export const updateTaskWrite = taskWrite(
  'update',
  ({ task, changes, idempotencyKey }: UpdateTaskVariables) => updateTask(task.id, changes, idempotencyKey),
  FAILURE,
);

/**
 * `onCompleted` runs once the server has recorded a completion: with the task as it now stands (Done, or moved on
 * to its next occurrence) and as it was before.
 */
export function useUpdateTask({ onCompleted }: { onCompleted?: (task: Task, before: Task) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateTaskWrite,
    onMutate: ({ task, changes }) =>
      changeTasksOptimistically(queryClient, (tasks) => applyTaskChanges(tasks, task.id, changes)),
    onSuccess: (updated, { task, changes }) => {
      updateTasksCache(queryClient, (tasks) => replaceTask(tasks, updated.id, updated));
      const wasDone = task.status === 'done';
      const isDone = updated.status === 'done';
      const completed = isCompletion(task, changes) && (isDone || movedToNextOccurrence(task, updated));
      if (wasDone !== isDone || completed) invalidateDoneDependents(queryClient);
      if (completed) onCompleted?.(updated, task);
    },
    onError: (error, { task }, context) =>
      rollBackTasks(queryClient, context, error, {
        log: `Failed to update task ${task.id}`,
        message: FAILURE,
      }),
    onSettled: () => settleTasks(queryClient),
  });
}
