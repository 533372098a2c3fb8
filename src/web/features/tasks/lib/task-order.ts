import {
  type ColumnSlot,
  placeInColumn,
  slotOfChange,
  type Task,
  type TaskStatus,
  taskStatuses,
  type UpdateTaskRequest,
} from '#shared/tasks.ts';
import { predictedChecklist } from '../model/checklist-ids.ts';
import {
  completesCurrentOccurrence,
  isCompletion,
  predictNextOccurrence,
  repeats,
} from '../model/completion.ts';

export type TasksByStatus = Record<TaskStatus, Task[]>;

/**
 * The tasks of each column, in the order the list holds them. The server answers in board order, and the
 * optimistic changes below keep the cached list in board order, so the display never sorts on its own.
 */
export function tasksByStatus(tasks: readonly Task[]): TasksByStatus {
  const columns: TasksByStatus = { todo: [], doing: [], done: [] };
  for (const task of tasks) columns[task.status].push(task);
  return columns;
}

/**
 * `task` put in `slot` of its status column by the board's rule (`placeInColumn`, the server's too), with the
 * positions the server will give; the other columns are left as they are.
 */
export function placeTask(tasks: readonly Task[], task: Task, slot: ColumnSlot): Task[] {
  const columns = tasksByStatus(tasks.filter((other) => other.id !== task.id));
  columns[task.status] = placeInColumn(columns[task.status], task, slot);
  return taskStatuses.flatMap((status) => columns[status]);
}

/**
 * The list as it will be once the server has applied `changes` to task `id` (PUT /api/tasks/{id}): the fields
 * change, and a new column or a position places the task by the board's rule, as the server does. Completing a
 * repeating task brings it back to the top of To Do, its checklist unchecked (the server answers its next date);
 * a completion naming an occurrence the task has moved on from changes nothing.
 */
export function applyTaskChanges(
  tasks: readonly Task[],
  id: number,
  changes: UpdateTaskRequest,
  now: Date = new Date(),
): Task[] {
  const current = tasks.find((task) => task.id === id);
  if (!current) return [...tasks];
  if (changes.status === 'done' && !completesCurrentOccurrence(current, changes)) return [...tasks];
  const updated: Task = withPlanChanges({ ...current }, changes);
  if (changes.title !== undefined) updated.title = changes.title;
  if (changes.labels !== undefined) updated.labels = changes.labels;
  if (changes.due_date !== undefined) updated.due_date = changes.due_date;
  if (isCompletion(current, changes) && repeats(current)) {
    return placeTask(tasks, predictNextOccurrence(updated, now), 'top');
  }
  const statusChanged = changes.status !== undefined && changes.status !== current.status;
  if (changes.status !== undefined && statusChanged) {
    updated.status = changes.status;
    updated.completed_at = changes.status === 'done' ? now.toISOString() : null;
  }
  const slot = slotOfChange(statusChanged, changes.position);
  if (slot !== null) return placeTask(tasks, updated, slot);
  return tasks.map((task) => (task.id === id ? updated : task));
}

/** The plan fields a change sets (`null` clears); a new repeat's words come with the answer. */
function withPlanChanges(task: Task, changes: UpdateTaskRequest): Task {
  if (changes.notes !== undefined) task.notes = changes.notes;
  if (changes.due_time !== undefined) task.due_time = changes.due_time;
  if (changes.repeat !== undefined) {
    // As answers give it: without the `RRULE:` prefix (the server also puts its parts in its own order).
    const repeat = changes.repeat === null ? null : changes.repeat.trim().replace(/^RRULE:/i, '');
    if (repeat !== task.repeat) task.repeat_text = null;
    task.repeat = repeat;
  }
  if (changes.repeat_from !== undefined) task.repeat_from = changes.repeat_from;
  if (changes.checklist !== undefined) task.checklist = predictedChecklist(changes.checklist ?? []);
  if (changes.reminders !== undefined) task.reminders = changes.reminders ?? [];
  return task;
}

/**
 * The server's answer in the place of the cached task `id` (the temporary one of a new task), as it is: the
 * optimistic change already put the task where the server did, by the same rule. When the cached task is gone (a
 * refetch replaced the list meanwhile) nothing changes: the refetch that follows every change brings the task.
 */
export function replaceTask(tasks: readonly Task[], id: number, next: Task): Task[] {
  return tasks.map((task) => (task.id === id ? next : task));
}

export function removeTask(tasks: readonly Task[], id: number): Task[] {
  return tasks.filter((task) => task.id !== id);
}

/** Optimistic tasks carry a negative id until the server answers with theirs. */
export function isPendingTask(task: Task): boolean {
  return task.id < 0;
}
