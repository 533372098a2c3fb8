import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type CreateTaskRequest, emptyTaskPlan, type Task } from '#shared/tasks.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';
import { placeTask, replaceTask } from '../lib/task-order.ts';
import { predictedChecklist } from '../model/checklist-ids.ts';
import { withTimeZone } from '../model/plan-request.ts';
import { tasksQueryOptions } from './get-tasks.ts';
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

/** `POST /api/tasks`: the new task, at the top of To Do (with the member's time zone when it has a date). */
export function createTask({ request, idempotencyKey }: CreateTaskVariables): Promise<Task> {
  return answerOf(
    api.tasks.$post({
      json: withTimeZone(request, browserTimeZone()),
      header: { 'idempotency-key': idempotencyKey },
    }),
  );
}

let nextTemporaryId = -1;

function takeTemporaryId(): number {
  nextTemporaryId -= 1;
  return nextTemporaryId;
}

/** The task as it will look, under a negative id until the server gives it its own. */
export function buildOptimisticTask(
  request: CreateTaskRequest,
  now: Date = new Date(),
  id: number = takeTemporaryId(),
): Task {
  return {
    id,
    title: request.title,
    status: 'todo',
    labels: request.labels ?? [],
    due_date: request.due_date ?? null,
    position: 0,
    created_at: now.toISOString(),
    completed_at: null,
    ...emptyTaskPlan(),
    notes: request.notes ?? null,
    due_time: request.due_time ?? null,
    // As answers give it: without the `RRULE:` prefix; its words come with the answer.
    repeat: request.repeat ? request.repeat.replace(/^RRULE:/i, '') : null,
    repeat_from: request.repeat_from ?? 'due',
    checklist: predictedChecklist(request.checklist ?? []),
    reminders: request.reminders ?? [],
  };
}

const FAILURE: MessageKey = 'tasks.error.create';

/** Adding a task, as sent (and kept while offline): see `taskWrite`. */
export const createTaskWrite = taskWrite('create', createTask, FAILURE);

/** What a creation keeps while it waits: its variables, and the temporary id its task was shown under. */
export type WaitingCreation = { variables: CreateTaskVariables; temporaryId: number | undefined };

/**
 * Creations waiting for a connection. After a reload they are back (lib/offline-writes.ts) but the list is not:
 * it came from the server's last answer, without them, and their optimistic rows lived in the page that was
 * reloaded. The list shows them again from here until they are sent (`withWaitingCreations`).
 */
export function useWaitingCreations(): WaitingCreation[] {
  return useMutationState({
    filters: { mutationKey: createTaskWrite.mutationKey, predicate: (mutation) => mutation.state.isPaused },
    select: (mutation) => ({
      variables: mutation.state.variables as CreateTaskVariables,
      temporaryId: (mutation.state.context as { temporaryId?: number } | undefined)?.temporaryId,
    }),
  });
}

/** The list with each waiting creation it lacks at the top of To Do, as it was shown when it was made. */
export function withWaitingCreations(tasks: Task[], waiting: readonly WaitingCreation[]): Task[] {
  let shown = tasks;
  for (const { variables, temporaryId } of waiting) {
    // A creation always has its temporary id by the time it waits (`onMutate` runs first); one without is skipped.
    if (temporaryId === undefined || shown.some((task) => task.id === temporaryId)) continue;
    shown = placeTask(shown, buildOptimisticTask(variables.request, new Date(), temporaryId), 'top');
  }
  return shown;
}

/**
 * Puts waiting creations back into the cached list when it lacks them (after a reload), so every view of the
 * list shows them; a no-op when the list already has them (no reload happened), and undone by the refetch that
 * follows their sending.
 */
export function useShowWaitingCreations(): void {
  const queryClient = useQueryClient();
  const waiting = useWaitingCreations();
  const { data: tasks } = useQuery(tasksQueryOptions());
  useEffect(() => {
    if (!tasks || waiting.length === 0) return;
    const shown = withWaitingCreations(tasks, waiting);
    if (shown !== tasks) queryClient.setQueryData(tasksQueryOptions().queryKey, shown);
  }, [queryClient, tasks, waiting]);
}

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
