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
import { type Task, type TaskStatus, taskStatuses } from '#shared/tasks.ts';
import { AfterHydration } from '#web/lib/after-hydration.tsx';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { IconButton } from '#web/ui/button.tsx';
import { usePrefersReducedMotion } from '#web/ui/confetti.tsx';
import { tasksQueryOptions } from '../api/get-tasks.ts';
import {
  type BoardDropData,
  boardCollisionDetection,
  boardKeyboardCoordinates,
  DRAG_ACTIVATION_DISTANCE_PX,
} from '../lib/board-dnd.ts';
import { columnDropId, resolveDrop, statusOfColumnDropId } from '../lib/resolve-drop.ts';
import { taskStatusLabelKey } from '../lib/status-labels.ts';
import { isPendingTask, tasksByStatus } from '../lib/task-order.ts';
import { repeats } from '../model/completion.ts';
import {
  BOARD_COLUMNS_CLASS,
  type BoardActions,
  type BoardColumnProps,
  BoardTotal,
  boardColumnClass,
  ColumnHeader,
  DRAG_HANDLE_CLASS,
  EmptyColumn,
} from './board-parts.tsx';
import { LabelChip } from './label-chip.tsx';
import { TaskItem } from './task-item.tsx';

/**
 * The kanban board with dragging (dnd-kit): To Do, In Progress and Done side by side (stacked on a narrow card),
 * each with its count, and the total above. Tasks are dragged by pointer (after 8 px) or by keyboard from their
 * handle; what a drop does is `resolveDrop`'s answer, asked of the update mutation, whose optimistic change shows
 * it. Its own chunk with dnd-kit (task-board.tsx shows the same board until it is here).
 */
export function SortableTaskBoard({ actions }: { actions: BoardActions }) {
  const t = useT();
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const boardId = useId();
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
      // A repeating task dropped into Done comes back to To Do (its next occurrence): the handle is there.
      const completesRepeat = outcome.type === 'status' && outcome.status === 'done' && repeats(outcome.task);
      actions.requestFocus({
        id: outcome.task.id,
        status: completesRepeat ? 'todo' : outcome.type === 'status' ? outcome.status : outcome.task.status,
        control: 'handle',
        index: outcome.type === 'reorder' ? outcome.position : 0,
      });
    }
    if (outcome.type === 'status') actions.moveToColumn(outcome.task, outcome.status);
    else actions.reorder(outcome.task, outcome.position);
  }

  return (
    <div className="flex flex-col gap-3">
      <BoardTotal tasks={tasks} />
      <DndContext
        // React's id, not dnd-kit's counter, so the server's page and the browser's name the same description.
        id={boardId}
        sensors={sensors}
        collisionDetection={boardCollisionDetection}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
        accessibility={{
          announcements: boardAnnouncements(tasksRef, t),
          screenReaderInstructions: { draggable: t('tasks.board.instructions') },
        }}
      >
        {/* Stacked on a phone, scrolled sideways on a mid-size card, side by side once all three fit. */}
        <div className={BOARD_COLUMNS_CLASS}>
          {taskStatuses.map((status) => (
            <BoardColumn key={status} status={status} tasks={columns[status]} actions={actions} />
          ))}
        </div>
        {/* The page's body is the browser's: the overlay joins it once the board runs there. */}
        <AfterHydration>
          {() =>
            createPortal(
              <DragOverlay dropAnimation={reducedMotion ? null : undefined}>
                {activeTask ? <TaskPreview task={activeTask} /> : null}
              </DragOverlay>,
              document.body,
            )
          }
        </AfterHydration>
      </DndContext>
    </div>
  );
}

function BoardColumn({ status, tasks, actions }: BoardColumnProps) {
  const id = useId();
  const data: BoardDropData = { kind: 'column', status };
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(status), data });
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`${id}-heading`}
      data-drop-target={isOver || undefined}
      className={boardColumnClass(isOver)}
    >
      <ColumnHeader id={id} status={status} tasks={tasks} />
      <SortableContext items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        {tasks.length === 0 ? (
          <EmptyColumn />
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
  const t = useT();
  const [editing, setEditing] = useState(false);
  const data: BoardDropData = { kind: 'task', status: task.status };
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging, index } =
    useSortable({
      id: task.id,
      data,
      disabled: editing || isPendingTask(task),
      attributes: { roleDescription: t('tasks.board.roleDescription') },
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
          <IconButton
            ref={(node) => {
              handleRef.current = node;
              setActivatorNodeRef(node);
            }}
            {...attributes}
            label={t('tasks.board.move', { title: task.title })}
            title={t('tasks.board.moveHint')}
            className={DRAG_HANDLE_CLASS}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </IconButton>
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

/**
 * Screen-reader announcements in words a member uses: columns by name, places by number, in the interface's
 * language (each announcement is one message, the task's title an argument).
 */
function boardAnnouncements(tasksRef: { current: readonly Task[] }, t: Translate): Announcements {
  const find = (id: UniqueIdentifier) => tasksRef.current.find((task) => task.id === id);
  const titleOf = (id: UniqueIdentifier) => find(id)?.title ?? t('tasks.board.announce.unknownTask');
  const column = (status: TaskStatus) => t(taskStatusLabelKey[status]);
  const describeOver = (activeId: UniqueIdentifier, overId: UniqueIdentifier | null): string => {
    const title = titleOf(activeId);
    const outcome = resolveDrop(activeId, overId, tasksRef.current);
    if (outcome.type === 'status')
      return t('tasks.board.announce.overColumn', { title, column: column(outcome.status) });
    if (outcome.type === 'reorder') {
      const count = tasksByStatus(tasksRef.current)[outcome.task.status].length;
      return t('tasks.board.announce.overPlace', {
        title,
        place: outcome.position + 1,
        count,
        column: column(outcome.task.status),
      });
    }
    const columnStatus = overId === null ? null : statusOfColumnDropId(overId);
    const overTask = overId === null ? undefined : find(overId);
    if (overId === activeId || (columnStatus && columnStatus === find(activeId)?.status)) {
      return t('tasks.board.announce.backInPlace', { title });
    }
    if (overTask) {
      return t('tasks.board.announce.overTask', {
        title,
        other: overTask.title,
        column: column(overTask.status),
      });
    }
    return t('tasks.board.announce.notOverColumn', { title });
  };
  return {
    onDragStart: ({ active }) => {
      const task = find(active.id);
      return task
        ? t('tasks.board.announce.pickedUpIn', { title: task.title, column: column(task.status) })
        : t('tasks.board.announce.pickedUp', { title: titleOf(active.id) });
    },
    onDragOver: ({ active, over }) => describeOver(active.id, over?.id ?? null),
    onDragEnd: ({ active, over }) => {
      const outcome = resolveDrop(active.id, over?.id ?? null, tasksRef.current);
      if (outcome.type === 'status') {
        return t('tasks.board.announce.droppedInColumn', {
          title: outcome.task.title,
          column: column(outcome.status),
        });
      }
      if (outcome.type === 'reorder') {
        return t('tasks.board.announce.droppedAtPlace', {
          title: outcome.task.title,
          place: outcome.position + 1,
          column: column(outcome.task.status),
        });
      }
      return t('tasks.board.announce.droppedNoChange', { title: titleOf(active.id) });
    },
    onDragCancel: ({ active }) => t('tasks.board.announce.cancelled', { title: titleOf(active.id) }),
  };
}
