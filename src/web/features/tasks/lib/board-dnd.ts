import {
  type Collision,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  pointerWithin,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { type TaskStatus, taskStatuses } from '#shared/tasks.ts';
import { columnDropId } from './resolve-drop.ts';

/** A pointer drag starts only once it has moved 8 px, so clicks stay clicks. */
export const DRAG_ACTIVATION_DISTANCE_PX = 8;

/** What each droppable of the board carries, read by the collision detection and the keyboard moves. */
export type BoardDropData = { kind: 'column'; status: TaskStatus } | { kind: 'task'; status: TaskStatus };

function dropDataOf(data: unknown): BoardDropData | undefined {
  if (typeof data !== 'object' || data === null || !('kind' in data) || !('status' in data)) return undefined;
  return data as BoardDropData;
}

/**
 * Which droppable the dragged task is over. The drop rules depend on whether the target is a column or a
 * task, so the detection says exactly that:
 * - with a pointer: the task under the pointer if there is one, otherwise the column under it (its header and
 *   empty space), otherwise nothing;
 * - with the keyboard (no pointer): the droppable whose top-left corner is nearest the dragged card's, which is
 *   exactly where `boardKeyboardCoordinates` put it.
 */
export const boardCollisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    const kindOf = (hit: Collision) => dropDataOf(hit.data?.droppableContainer?.data.current)?.kind;
    const hit =
      hits.find((candidate) => kindOf(candidate) === 'task') ?? hits.find((c) => kindOf(c) === 'column');
    return hit ? [hit] : [];
  }
  const { collisionRect, droppableRects, droppableContainers } = args;
  let best: Collision | undefined;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect || container.disabled) continue;
    const value = Math.hypot(rect.left - collisionRect.left, rect.top - collisionRect.top);
    if (!best || value < (best.data?.value as number)) {
      best = { id: container.id, data: { droppableContainer: container, value } };
    }
  }
  return best ? [best] : [];
};

const moveKeys = ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'];

/**
 * Keyboard moves on the board (dnd-kit's `sortableKeyboardCoordinates` picks the nearest droppable in the
 * arrow's direction, which on this board is often a task of another column, where a drop does nothing):
 * - Left/Right go to the previous/next column, in the order To Do, In Progress, Done, whatever the layout
 *   (side by side, or stacked on a phone). Back in the task's own column, it returns to its own place.
 * - Up/Down move to the previous/next place within the task's own column.
 * It answers the new top-left corner of the dragged card: the target's own top-left corner.
 */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, { active, context }) => {
  if (!moveKeys.includes(event.code)) return undefined;
  event.preventDefault();
  const { droppableContainers, droppableRects, over } = context;
  const activeContainer = droppableContainers.get(active);
  const activeData = dropDataOf(activeContainer?.data.current);
  if (!activeData) return undefined;

  const overId: UniqueIdentifier = over?.id ?? active;
  const overData = dropDataOf(droppableContainers.get(overId)?.data.current) ?? activeData;
  let targetId: UniqueIdentifier | undefined;

  if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
    const step = event.code === 'ArrowRight' ? 1 : -1;
    const status = taskStatuses[taskStatuses.indexOf(overData.status) + step];
    if (!status) return undefined;
    targetId = status === activeData.status ? active : columnDropId(status);
  } else {
    if (overData.status !== activeData.status) return undefined;
    const items = sortableItemsOf(activeContainer?.data.current);
    const from = items.indexOf(overData.kind === 'task' ? overId : active);
    if (from === -1) return undefined;
    targetId = items[from + (event.code === 'ArrowDown' ? 1 : -1)];
  }

  const rect = targetId === undefined ? undefined : droppableRects.get(targetId);
  return rect ? { x: rect.left, y: rect.top } : undefined;
};

/** The ids of the dragged task's column, in order, as its SortableContext knows them. */
function sortableItemsOf(data: unknown): UniqueIdentifier[] {
  if (typeof data !== 'object' || data === null || !('sortable' in data)) return [];
  const { sortable } = data as { sortable: { items?: UniqueIdentifier[] } };
  return sortable.items ?? [];
}
