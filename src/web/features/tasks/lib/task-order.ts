import { type Task, type TaskStatus, taskStatuses, type UpdateTaskRequest } from '#shared/tasks.ts';

export type TasksByStatus = Record<TaskStatus, Task[]>;

/**
 * The tasks of each column, in the order the list holds them. The server answers in position order, and the
 * optimistic changes below keep the cached list in column order, so the display never sorts on its own.
 */
export function tasksByStatus(tasks: readonly Task[]): TasksByStatus {
  const columns: TasksByStatus = { todo: [], doing: [], done: [] };
  for (const task of tasks) columns[task.status].push(task);
  return columns;
}

function flatten(columns: TasksByStatus): Task[] {
  return taskStatuses.flatMap((status) =>
    columns[status].map((task, index) => ({ ...task, position: index })),
  );
}

/**
 * `task` placed at `index` of its status column (clamped; 0 is the top), the other tasks keeping their order.
 * Positions are renumbered 0, 1, 2… per column, as the server does when it is given a position.
 */
export function placeTask(tasks: readonly Task[], task: Task, index: number): Task[] {
  const columns = tasksByStatus(tasks.filter((other) => other.id !== task.id));
  const column = columns[task.status];
  column.splice(Math.max(0, Math.min(index, column.length)), 0, task);
  return flatten(columns);
}

/**
 * The list as it will be once the server has applied `changes` to task `id` (PUT /api/tasks/{id}): a task that
 * changes column goes to the top of it unless a position says where; a position alone moves it within its
 * column.
 */
export function applyTaskChanges(
  tasks: readonly Task[],
  id: number,
  changes: UpdateTaskRequest,
  now: Date = new Date(),
): Task[] {
  const current = tasks.find((task) => task.id === id);
  if (!current) return [...tasks];
  const updated: Task = { ...current };
  if (changes.title !== undefined) updated.title = changes.title;
  if (changes.labels !== undefined) updated.labels = changes.labels;
  if (changes.due_date !== undefined) updated.due_date = changes.due_date;
  const statusChanged = changes.status !== undefined && changes.status !== current.status;
  if (changes.status !== undefined && statusChanged) {
    updated.status = changes.status;
    updated.completed_at = changes.status === 'done' ? now.toISOString() : null;
  }
  if (statusChanged || changes.position !== undefined) {
    return placeTask(tasks, updated, changes.position ?? 0);
  }
  return tasks.map((task) => (task.id === id ? updated : task));
}

/** Puts the server's answer for a task in the place of the cached one (matched by `id`), order kept. */
export function replaceTask(tasks: readonly Task[], id: number, next: Task): Task[] {
  const index = tasks.findIndex((task) => task.id === id);
  if (index === -1) return placeTask(tasks, next, 0);
  const current = tasks[index];
  if (current && current.status !== next.status) return placeTask(tasks, next, 0);
  return tasks.map((task) => (task.id === id ? { ...next, position: task.position } : task));
}

export function removeTask(tasks: readonly Task[], id: number): Task[] {
  return tasks.filter((task) => task.id !== id);
}

/** Optimistic tasks carry a negative id until the server answers with theirs. */
export function isPendingTask(task: Task): boolean {
  return task.id < 0;
}
