import type { Task, UpdateTaskRequest } from '#shared/tasks.ts';

/*
 * Completing a task, repeating or not. The server records the completion and moves a repeating task to its next
 * occurrence (status todo, due date moved, checklist unchecked), or leaves it done when its rule has ended.
 */

/** Whether a change completes the task: it reaches Done from another status. */
export function isCompletion(task: Pick<Task, 'status'>, changes: UpdateTaskRequest): boolean {
  return changes.status === 'done' && task.status !== 'done';
}

/**
 * What completing the task sends: Done, and the occurrence it completes (its due date), so that the same completion
 * sent twice (a retry, a replay after a reload offline) changes the task once.
 */
export function completionRequest(task: Pick<Task, 'due_date'>): UpdateTaskRequest {
  return task.due_date === null ? { status: 'done' } : { status: 'done', occurrence: task.due_date };
}

/** Whether the occurrence a change names is still the task's own (a completion sent twice names a past one). */
export function completesCurrentOccurrence(
  task: Pick<Task, 'due_date'>,
  changes: UpdateTaskRequest,
): boolean {
  return changes.occurrence === undefined || changes.occurrence === task.due_date;
}

/** A repeating task with a date: completing it brings it back on its next date. */
export function repeats(task: Pick<Task, 'repeat' | 'due_date'>): boolean {
  return task.repeat !== null && task.due_date !== null;
}

/**
 * A repeating task as it will look once its completion is answered, shown before the answer: back in To Do with
 * its checklist unchecked (the server gives the new date).
 */
export function predictNextOccurrence(task: Task, now: Date): Task {
  return {
    ...task,
    status: 'todo',
    completed_at: null,
    last_completed_at: now.toISOString(),
    checklist: task.checklist.map((item) => (item.done ? { ...item, done: false } : item)),
  };
}

/**
 * Whether the answer to a completion moved the task on to its next occurrence: not left done (its rule had a next
 * date), and not the task as it stood (a completion of an occurrence it had already moved on from).
 */
export function movedToNextOccurrence(before: Task, after: Task): boolean {
  return (
    repeats(before) &&
    after.status !== 'done' &&
    (after.due_date !== before.due_date || after.last_completed_at !== before.last_completed_at)
  );
}

/**
 * What puts back what a completion of a repeating task changed: its status, its due date (its reminders follow
 * it) and its checklist as they were. It names the occurrence completed, so the server reopens it: the completion
 * is taken back (it no longer counts for the day, the streak or badges) and a rule with COUNT gets its time back.
 */
export function undoCompletionRequest(before: Task): UpdateTaskRequest {
  return {
    status: before.status,
    due_date: before.due_date,
    checklist: before.checklist.map(({ id, text, done }) => ({ id, text, done })),
    ...(before.due_date === null ? {} : { occurrence: before.due_date }),
  };
}
