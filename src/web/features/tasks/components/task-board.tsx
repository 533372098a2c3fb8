import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQuery } from '@tanstack/react-query';
import { GripVertical } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type Task, type TaskStatus, taskStatuses, taskStatusLabel } from '#shared/tasks.ts';
import { usePrefersReducedMotion } from '#web/ui/confetti.tsx';
import { tasksQueryOptions } from '../api/get-tasks.ts';
import type { TaskActions } from '../hooks/use-task-actions.ts';
import {
  type BoardDropData,
  boardCollisionDetection,
  boardKeyboardCoordinates,
  DRAG_ACTIVATION_DISTANCE_PX,
} from '../lib/board-dnd.ts';
import { columnDropId, resolveDrop, statusOfColumnDropId } from '../lib/resolve-drop.ts';
import { isPendingTask, tasksByStatus } from '../lib/task-order.ts';
import { LabelChip } from './label-chip.tsx';
import { taskCountText } from './task-count.ts';
import { TaskItem } from './task-item.tsx';

type BoardActions = Pick<
  TaskActions,
  | 'cycleStatus'
  | 'rename'
  | 'remove'
  | 'focusRequest'
  | 'requestFocus'
  | 'clearFocusRequest'
  | 'moveToColumn'
  | 'reorder'
>;

const screenReaderInstructions = {
  draggable:
    'To move a task, press Space or Enter. Then use the left and right arrow keys to take it to another column, or the up and down arrow keys to change its place in its own column. Press Space or Enter again to drop it, or Escape to cancel.',
};

/**
 * The kanban view of the member's tasks: To Do, In Progress and Done side by side (stacked on a narrow card), each
 * with its count, and the total above. Tasks are dragged by pointer (after 8 px) or by keyboard from their handle;
 * what a drop does is `resolveDrop`'s answer, asked of the update mutation, whose optimistic change shows it.
 */
export function TaskBoard({ actions }: { actions: BoardActions }) {
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  // The list comes from the cache itself, not from the card: the update mutation writes a drop's optimistic change
  // to the cache before `mutate` returns (tasks-cache.ts), so the render that ends the drag already reads it and
  // the card settles where it was dropped. The card's own subscription hears of the change only a tick later,
  // after dnd-kit would have flown the card back to where it came from. No refetch on mount: the card's
  // subscription keeps the list fresh, this one only reads it.
  const { data: tasks = [] } = useQuery({ ...tasksQueryOptions(), refetchOnMount: false });
  const columns = tasksByStatus(tasks);
  const reducedMotion = usePrefersReducedMotion();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: boardKeyboardCoordinates }),
  );
  // Announcements are read while dragging; the ref spares them a stale list.
  const tasksRef = useRef(tasks);
  tasksRef.current = tasks;
  const activeTask = activeId === null ? undefined : tasks.find((task) => task.id === activeId);

  function onDragStart({ active }: DragStartEvent) {
    setActiveId(active.id);
  }

  function onDragEnd({ active, over, activatorEvent }: DragEndEvent) {
    setActiveId(null);
    const outcome = resolveDrop(active.id, over?.id ?? null, tasks);
    if (outcome.type === 'none') return;
    // A keyboard move keeps the keyboard on the task's handle, in its new place.
    if (activatorEvent instanceof KeyboardEvent) {
      actions.requestFocus({
        id: outcome.task.id,
        status: outcome.type === 'status' ? outcome.status : outcome.task.status,
        control: 'handle',
        index: outcome.type === 'reorder' ? outcome.position : 0,
      });
    }
    if (outcome.type === 'status') actions.moveToColumn(outcome.task, outcome.status);
    else actions.reorder(outcome.task, outcome.position);
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-semibold text-(--ink-muted)">{taskCountText(tasks.length)} in all</p>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisionDetection}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
        accessibility={{ announcements: boardAnnouncements(tasksRef), screenReaderInstructions }}
      >
        {/* Stacked on a phone, scrolled sideways on a mid-size card, side by side once all three fit. */}
        <div className="grid grid-cols-1 gap-3 @md:flex @md:snap-x @md:overflow-x-auto @md:pb-2 @xl:grid @xl:grid-cols-3 @xl:gap-2.5 @xl:overflow-visible @xl:pb-0">
          {taskStatuses.map((status) => (
            <BoardColumn key={status} status={status} tasks={columns[status]} actions={actions} />
          ))}
        </div>
        {createPortal(
          <DragOverlay dropAnimation={reducedMotion ? null : undefined}>
            {activeTask ? <TaskPreview task={activeTask} /> : null}
          </DragOverlay>,
          document.body,
        )}
      </DndContext>
    </div>
  );
}

function BoardColumn({
  status,
  tasks,
  actions,
}: {
  status: TaskStatus;
  tasks: Task[];
  actions: BoardActions;
}) {
  const id = useId();
  const data: BoardDropData = { kind: 'column', status };
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(status), data });
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`${id}-heading`}
      data-drop-target={isOver || undefined}
      className={`flex min-h-40 min-w-0 snap-start flex-col gap-2 rounded-3xl border-2 p-2.5 transition-colors @md:w-60 @md:shrink-0 @xl:w-auto ${
        isOver ? 'border-(--accent) bg-(--surface-strong)' : 'border-transparent bg-(--surface)'
      }`}
    >
      <header className="flex items-baseline justify-between gap-2 px-1">
        <h3 id={`${id}-heading`} className="text-base font-bold text-(--ink)">
          {taskStatusLabel[status]}
        </h3>
        <span className="text-sm font-medium text-(--ink-muted)">{taskCountText(tasks.length)}</span>
      </header>
      <SortableContext items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        {tasks.length === 0 ? (
          <p className="grid flex-1 place-items-center rounded-2xl border border-dashed border-(--ink-muted)/40 p-4 text-center text-sm text-(--ink-muted)">
            Drop a task here
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {tasks.map((task) => (
              <SortableTask key={task.id} task={task} actions={actions} />
            ))}
          </ul>
        )}
      </SortableContext>
    </section>
  );
}

function SortableTask({ task, actions }: { task: Task; actions: BoardActions }) {
  const [editing, setEditing] = useState(false);
  const data: BoardDropData = { kind: 'task', status: task.status };
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, index } =
    useSortable({
      id: task.id,
      data,
      disabled: editing || isPendingTask(task),
      attributes: { roleDescription: 'draggable task' },
    });
  const { focusRequest, clearFocusRequest } = actions;
  useEffect(() => {
    if (
      focusRequest?.control !== 'handle' ||
      focusRequest.id !== task.id ||
      focusRequest.status !== task.status ||
      focusRequest.index !== index
    ) {
      return;
    }
    handleRef.current?.focus();
    clearFocusRequest();
  }, [focusRequest, clearFocusRequest, task.id, task.status, index]);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'opacity-40' : undefined}
      {...listeners}
    >
      <TaskItem
        task={task}
        actions={actions}
        onEditingChange={setEditing}
        dragHandle={
          <button
            ref={(node) => {
              handleRef.current = node;
              setActivatorNodeRef(node);
            }}
            type="button"
            {...attributes}
            aria-label={`Move ${task.title}`}
            title="Drag to move, or press Space"
            className="grid h-9 w-5 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-(--ink-muted) hover:text-(--ink) aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        }
      />
    </li>
  );
}

/** What follows the pointer while dragging: the card's look, nothing to click. */
function TaskPreview({ task }: { task: Task }) {
  return (
    <div
      aria-hidden="true"
      data-testid="task-drag-preview"
      className="flex cursor-grabbing flex-col gap-1.5 rounded-2xl border border-(--accent)/40 bg-(--surface-strong) p-3 shadow-(--glass-shadow)"
    >
      <p className="font-semibold break-words text-(--ink)">{task.title}</p>
      {task.labels.length > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {task.labels.map((label) => (
            <LabelChip key={label}>{label}</LabelChip>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Screen-reader announcements in words a member uses: columns by name, places by number. */
function boardAnnouncements(tasksRef: { current: readonly Task[] }): Announcements {
  const find = (id: UniqueIdentifier) => tasksRef.current.find((task) => task.id === id);
  const titleOf = (id: UniqueIdentifier) => find(id)?.title ?? 'the task';
  const describeTarget = (activeId: UniqueIdentifier, overId: UniqueIdentifier | null): string => {
    const outcome = resolveDrop(activeId, overId, tasksRef.current);
    if (outcome.type === 'status')
      return `Over the ${taskStatusLabel[outcome.status]} column. Drop to move it there.`;
    if (outcome.type === 'reorder') {
      const count = tasksByStatus(tasksRef.current)[outcome.task.status].length;
      return `Over place ${outcome.position + 1} of ${count} in ${taskStatusLabel[outcome.task.status]}.`;
    }
    const columnStatus = overId === null ? null : statusOfColumnDropId(overId);
    const overTask = overId === null ? undefined : find(overId);
    if (overId === activeId || (columnStatus && columnStatus === find(activeId)?.status)) {
      return 'Back in its own place.';
    }
    if (overTask)
      return `Over ${overTask.title} in ${taskStatusLabel[overTask.status]}. Dropping here changes nothing.`;
    return 'Not over a column. Dropping here changes nothing.';
  };
  return {
    onDragStart: ({ active }) => {
      const task = find(active.id);
      return `Picked up ${titleOf(active.id)}${task ? `, in ${taskStatusLabel[task.status]}` : ''}.`;
    },
    onDragOver: ({ active, over }) => `${titleOf(active.id)}: ${describeTarget(active.id, over?.id ?? null)}`,
    onDragEnd: ({ active, over }) => {
      const outcome = resolveDrop(active.id, over?.id ?? null, tasksRef.current);
      if (outcome.type === 'status') {
        return `Dropped ${outcome.task.title}. It is now in ${taskStatusLabel[outcome.status]}, at the top.`;
      }
      if (outcome.type === 'reorder') {
        return `Dropped ${outcome.task.title} at place ${outcome.position + 1} in ${taskStatusLabel[outcome.task.status]}.`;
      }
      return `Dropped ${titleOf(active.id)}. Nothing changed.`;
    },
    onDragCancel: ({ active }) => `Stopped moving ${titleOf(active.id)}. It stays where it was.`,
  };
}
