import { useQuery } from '@tanstack/react-query';
import { GripVertical } from 'lucide-react';
import { lazy, Suspense, useId, useRef } from 'react';
import { type Task, taskStatuses } from '#shared/tasks.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { IconButton } from '#web/ui/button.tsx';
import { tasksQueryOptions } from '../api/get-tasks.ts';
import { isPendingTask, tasksByStatus } from '../lib/task-order.ts';
import { type FocusedControl, FocusRecorder, FocusRestorer } from './board-focus.tsx';
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
import { TaskItem } from './task-item.tsx';

// dnd-kit (about 20 KiB gzip) is not in the dashboard's first load (decision 0043): its chunk is asked for as this
// module runs, beside the dashboard's first data, and is nearly always here before the tasks are.
// The export is read inside `.then`, so `npm run lint:unused` sees it used. Should the chunk not come (offline before
// the service worker has it), the board stays as it is, without dragging, rather than failing the page.
const sortableBoard = import('./sortable-task-board.tsx').then(
  (module) => module.SortableTaskBoard,
  () => StillTaskBoard,
);
const SortableTaskBoard = lazy(async () => ({ default: await sortableBoard }));

/**
 * The kanban view of the member's tasks: To Do, In Progress and Done side by side (stacked on a narrow card), each
 * with its count, and the total above; tasks are dragged from their handle (sortable-task-board.tsx). Until the
 * dragging code is here, the same board shows, still.
 */
export function TaskBoard({ actions }: { actions: BoardActions }) {
  const focused = useRef<FocusedControl | null>(null);
  return (
    <Suspense
      fallback={
        <FocusRecorder into={focused}>
          <StillTaskBoard actions={actions} />
        </FocusRecorder>
      }
    >
      <FocusRestorer from={focused}>
        <SortableTaskBoard actions={actions} />
      </FocusRestorer>
    </Suspense>
  );
}

/** The board as it looks, without dragging: what shows for the moment before dnd-kit's chunk is here. */
function StillTaskBoard({ actions }: { actions: BoardActions }) {
  const { data: tasks = [] } = useQuery({ ...tasksQueryOptions(), refetchOnMount: false });
  const columns = tasksByStatus(tasks);
  return (
    <div className="flex flex-col gap-3">
      <BoardTotal tasks={tasks} />
      <div className={BOARD_COLUMNS_CLASS}>
        {taskStatuses.map((status) => (
          <StillColumn key={status} status={status} tasks={columns[status]} actions={actions} />
        ))}
      </div>
    </div>
  );
}

function StillColumn({ status, tasks, actions }: BoardColumnProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className={boardColumnClass(false)}>
      <ColumnHeader id={id} status={status} tasks={tasks} />
      {tasks.length === 0 ? (
        <EmptyColumn />
      ) : (
        <ul className="flex flex-col gap-2">
          {tasks.map((task) => (
            <li key={task.id}>
              <TaskItem task={task} actions={actions} dragHandle={<StillHandle task={task} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The handle as dnd-kit draws it (its role description and state), for the moment it cannot drag yet. */
function StillHandle({ task }: { task: Task }) {
  const t = useT();
  return (
    <IconButton
      aria-roledescription={t('tasks.board.roleDescription')}
      aria-disabled={isPendingTask(task)}
      label={t('tasks.board.move', { title: task.title })}
      title={t('tasks.board.moveHint')}
      className={DRAG_HANDLE_CLASS}
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </IconButton>
  );
}
