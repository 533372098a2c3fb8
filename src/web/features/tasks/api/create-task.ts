import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskRequest, Task } from '#shared/tasks.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { placeTask, replaceTask } from '../lib/task-order.ts';
import {
  changeTasksOptimistically,
  rollBackTasks,
  settleTasks,
  taskWrite,
  updateTasksCache,
} from './tasks-cache.ts';

/**
 * What adding a task sends: the request, and the key naming this one creation, so that sending it again (a retry)
 * answers the task it made instead of making a second. It travels in the mutation's variables for that reason.
 */
export type CreateTaskVariables = { request: CreateTaskRequest; idempotencyKey: string };

/** `POST /api/tasks`: the new task, at the top of To Do. */
export function createTask({ request, idempotencyKey }: CreateTaskVariables): Promise<Task> {
  return answerOf(api.tasks.$post({ json: request, header: { 'idempotency-key': idempotencyKey } }));
}

let nextTemporaryId = -1;

/** The task as it will look, under a negative id until the server gives it its own. */
export function buildOptimisticTask(request: CreateTaskRequest, now: Date = new Date()): Task {
  nextTemporaryId -= 1;
  return {
    id: nextTemporaryId,
    title: request.title,
    status: 'todo',
    labels: request.labels ?? [],
    due_date: request.due_date ?? null,
    position: 0,
    created_at: now.toISOString(),
    completed_at: null,
  };
}

const FAILURE = 'Could not add that task. Please try again.';

/** Adding a task, as sent (and kept while offline): see `taskWrite`. */
export const createTaskWrite = taskWrite('create', createTask, FAILURE);

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createTaskWrite,
    onMutate: ({ request }) => {
      const optimistic = buildOptimisticTask(request);
      const snapshot = changeTasksOptimistically(queryClient, (tasks) => placeTask(tasks, optimistic, 'top'));
      return { ...snapshot, temporaryId: optimistic.id };
    },
    onSuccess: (task, _request, context) => {
      updateTasksCache(queryClient, (tasks) => replaceTask(tasks, context.temporaryId, task));
    },
    onError: (error, _request, context) =>
      rollBackTasks(queryClient, context, error, {
        log: 'Failed to create task',
        message: FAILURE,
      }),
    onSettled: () => settleTasks(queryClient),
  });
}
