import type { Task, TaskStatus } from '#shared/tasks.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import type { TaskActions } from '../hooks/use-task-actions.ts';
import { taskStatusLabelKey } from '../lib/status-labels.ts';

/** What the board does to tasks. */
export type BoardActions = Pick<
  TaskActions,
  | 'cycleStatus'
  | 'rename'
  | 'remove'
  | 'openEditor'
  | 'focusRequest'
  | 'requestFocus'
  | 'clearFocusRequest'
  | 'moveToColumn'
  | 'reorder'
>;

/** One column of the board: its status, its tasks in order, and what their items can do. */
export type BoardColumnProps = { status: TaskStatus; tasks: Task[]; actions: BoardActions };

/** Stacked on a phone, scrolled sideways on a mid-size card, side by side once all three fit. */
export const BOARD_COLUMNS_CLASS =
  'grid grid-cols-1 gap-3 @md:flex @md:snap-x @md:overflow-x-auto @md:pb-2 @xl:grid @xl:grid-cols-3 @xl:gap-2.5 @xl:overflow-visible @xl:pb-0';

export function boardColumnClass(isOver: boolean): string {
  return `flex min-h-40 min-w-0 snap-start flex-col gap-2 rounded-3xl border-2 p-2.5 transition-colors @md:w-60 @md:shrink-0 @xl:w-auto ${
    isOver ? 'border-(--accent) bg-(--surface-strong)' : 'border-transparent bg-(--surface)'
  }`;
}

export const DRAG_HANDLE_CLASS =
  'grid h-9 w-5 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-(--ink-muted) hover:text-(--ink) aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** The count of every task, above the columns. */
export function BoardTotal({ tasks }: { tasks: readonly Task[] }) {
  const t = useT();
  return (
    <p className="text-sm font-semibold text-(--ink-muted)">
      {t('tasks.board.totalCount', { count: tasks.length })}
    </p>
  );
}

/** A column's name and count. */
export function ColumnHeader({
  id,
  status,
  tasks,
}: {
  id: string;
  status: TaskStatus;
  tasks: readonly Task[];
}) {
  const t = useT();
  return (
    <header className="flex items-baseline justify-between gap-2 px-1">
      <h3 id={`${id}-heading`} className="text-base font-bold text-(--ink)">
        {t(taskStatusLabelKey[status])}
      </h3>
      <span className="text-sm font-medium text-(--ink-muted)">
        {t('tasks.count', { count: tasks.length })}
      </span>
    </header>
  );
}

/** An empty column's invitation to drop a task there. */
export function EmptyColumn() {
  const t = useT();
  return (
    <p className="grid flex-1 place-items-center rounded-2xl border border-dashed border-(--ink-muted)/40 p-4 text-center text-sm text-(--ink-muted)">
      {t('tasks.board.dropHere')}
    </p>
  );
}
