import type { UniqueIdentifier } from '@dnd-kit/core';
import { type Task, type TaskStatus, taskStatuses } from '#shared/tasks.ts';
import { tasksByStatus } from './task-order.ts';

const COLUMN_PREFIX = 'column:';

/** The droppable id of a board column. Task ids are numbers, so the two never collide. */
export function columnDropId(status: TaskStatus): string {
  return `${COLUMN_PREFIX}${status}`;
}

/** The status of the column whose droppable id this is, or null when it is not a column's. */
export function statusOfColumnDropId(id: UniqueIdentifier): TaskStatus | null {
  if (typeof id !== 'string' || !id.startsWith(COLUMN_PREFIX)) return null;
  const status = id.slice(COLUMN_PREFIX.length);
  return (taskStatuses as readonly string[]).includes(status) ? (status as TaskStatus) : null;
}

export type DropOutcome =
  | { type: 'none' }
  /** Dropped on another column: the task takes its status, at the top. */
  | { type: 'status'; task: Task; status: TaskStatus }
  /** Dropped on a task of the same column: the task takes that task's index there. */
  | { type: 'reorder'; task: Task; position: number };

const none: DropOutcome = { type: 'none' };

/**
 * What dropping the dragged task (`activeId`) on `overId` does:
 * - on a column (its own droppable area: header, empty space) of another status: it takes that status;
 * - on a task of the same status: it moves to that task's index, sent as `position` so the order survives a
 *   reload (decision 0008);
 * - on a task of a different status, on its own column or on itself, or on nothing: nothing happens.
 */
export function resolveDrop(
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier | null,
  tasks: readonly Task[],
): DropOutcome {
  const task = tasks.find((candidate) => candidate.id === activeId);
  if (!task || overId === null || overId === activeId) return none;

  const columnStatus = statusOfColumnDropId(overId);
  if (columnStatus) {
    return columnStatus === task.status ? none : { type: 'status', task, status: columnStatus };
  }

  const target = tasks.find((candidate) => candidate.id === overId);
  if (!target || target.status !== task.status) return none;
  const column = tasksByStatus(tasks)[task.status];
  const from = column.findIndex((candidate) => candidate.id === task.id);
  const to = column.findIndex((candidate) => candidate.id === target.id);
  return from === to ? none : { type: 'reorder', task, position: to };
}
