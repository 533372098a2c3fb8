import { Circle, CircleCheckBig, CircleDot, Pencil, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { nextTaskStatus, TASK_LIMITS, type Task, type TaskStatus } from '#shared/tasks.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { cn } from '#web/ui/cn.ts';
import { insetSurfaceClass } from '#web/ui/field-classes.ts';
import type { TaskActions } from '../hooks/use-task-actions.ts';
import { taskStatusLabelKey } from '../lib/status-labels.ts';
import { isPendingTask } from '../lib/task-order.ts';
import { LabelChip } from './label-chip.tsx';
import { preloadTaskEditor } from './task-editor-host.tsx';
import { hasTaskMeta, TaskMeta } from './task-meta.tsx';

const statusIcon: Record<TaskStatus, typeof Circle> = {
  todo: Circle,
  doing: CircleDot,
  done: CircleCheckBig,
};

/** On a wide card the buttons span the rows the task has (Tailwind needs the class names spelled out). */
const actionRowSpan: Record<number, string> = {
  1: '@md/task:row-span-1',
  2: '@md/task:row-span-2',
  3: '@md/task:row-span-3',
};

const iconButton =
  'grid size-9 shrink-0 place-items-center rounded-full text-(--ink-muted) transition-colors hover:bg-(--surface) hover:text-(--ink) disabled:cursor-not-allowed disabled:opacity-50';

export type TaskItemActions = Pick<
  TaskActions,
  'cycleStatus' | 'rename' | 'remove' | 'openEditor' | 'focusRequest' | 'clearFocusRequest'
>;

/** "Buy milk is To Do. Mark as In Progress": what the status button is now, and what a click does. */
export function statusButtonName(task: Pick<Task, 'title' | 'status'>, t: Translate): string {
  return t('tasks.item.statusButton', {
    title: task.title,
    status: t(taskStatusLabelKey[task.status]),
    next: t(taskStatusLabelKey[nextTaskStatus(task.status)]),
  });
}

/**
 * One task: status button (todo → doing → done → todo), title (a button that opens the task's editor; the Edit
 * button edits it in place), labels, due date and time, repeat, checklist progress, Edit and Delete. A task the
 * server has not confirmed yet shows, but cannot be changed until it has an id.
 */
export function TaskItem({
  task,
  actions,
  dragHandle,
  onEditingChange,
}: {
  task: Task;
  actions: TaskItemActions;
  /** The board's drag handle, placed first. */
  dragHandle?: ReactNode;
  onEditingChange?: (editing: boolean) => void;
}) {
  const t = useT();
  const pending = isPendingTask(task);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.title);
  const statusRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Set while an edit is open, so Enter followed by the input's blur saves once.
  const openEdit = useRef(false);
  const returnFocusToEdit = useRef(false);
  const { focusRequest, clearFocusRequest } = actions;

  useEffect(() => {
    if (
      focusRequest?.control !== 'status' ||
      focusRequest.id !== task.id ||
      focusRequest.status !== task.status
    ) {
      return;
    }
    statusRef.current?.focus();
    clearFocusRequest();
  }, [focusRequest, clearFocusRequest, task.id, task.status]);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocusToEdit.current) {
      returnFocusToEdit.current = false;
      editRef.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    openEdit.current = true;
    setDraft(task.title);
    setEditing(true);
    onEditingChange?.(true);
  }

  /** Enter and leaving the field save (trimmed; an empty title is ignored); Escape cancels. */
  function finishEditing(save: boolean, { byKeyboard }: { byKeyboard: boolean }) {
    if (!openEdit.current) return;
    openEdit.current = false;
    returnFocusToEdit.current = byKeyboard;
    setEditing(false);
    onEditingChange?.(false);
    if (save) actions.rename(task, draft);
  }

  function onEditKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      finishEditing(true, { byKeyboard: true });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finishEditing(false, { byKeyboard: true });
    }
  }

  const StatusIcon = statusIcon[task.status];
  const done = task.status === 'done';

  const rows = 1 + (task.labels.length > 0 ? 1 : 0) + (hasTaskMeta(task) ? 1 : 0);

  return (
    <div
      data-task-id={task.id}
      aria-busy={pending || undefined}
      className={cn(
        insetSurfaceClass,
        '@container/task flex items-start gap-1 p-2 shadow-sm',
        pending && 'opacity-70',
      )}
    >
      {dragHandle}
      <IconButton
        ref={statusRef}
        label={statusButtonName(task, t)}
        title={t('tasks.item.markAs', { status: t(taskStatusLabelKey[nextTaskStatus(task.status)]) })}
        disabled={pending}
        onClick={() => actions.cycleStatus(task)}
        className={`${iconButton} ${done ? 'text-(--accent)' : task.status === 'doing' ? 'text-(--accent-2)' : ''}`}
      >
        <StatusIcon aria-hidden="true" className="size-5" />
      </IconButton>

      {/* Narrow (a board column): the buttons get the last row. Wide (the list): they stand on the right. */}
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1.5 pt-1.5">
        {editing ? (
          <input
            ref={inputRef}
            aria-label={t('tasks.item.newTitle', { title: task.title })}
            value={draft}
            maxLength={TASK_LIMITS.titleMax}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onEditKeyDown}
            onBlur={() => finishEditing(true, { byKeyboard: false })}
            className="col-span-2 -my-1 min-h-9 w-full rounded-xl border border-(--line) bg-(--surface-strong) px-2.5 py-1 font-semibold text-(--ink) @md/task:col-span-1"
          />
        ) : (
          <p
            className={`col-span-2 font-semibold break-words @md/task:col-span-1 ${
              done ? 'text-(--ink-muted) line-through' : 'text-(--ink)'
            }`}
          >
            {/* The editor's code loads when the title is pointed at or focused, so the press seldom waits. */}
            <Button
              variant="bare"
              aria-label={t('tasks.item.open', { title: task.title })}
              title={t('tasks.item.openHint')}
              disabled={pending}
              onPointerEnter={preloadTaskEditor}
              onFocus={preloadTaskEditor}
              onClick={() => actions.openEditor(task)}
              className="-mx-1 rounded-lg px-1 text-left break-words decoration-(--accent)/60 underline-offset-4 hover:underline focus-visible:underline disabled:cursor-default"
            >
              {task.title}
            </Button>
          </p>
        )}
        {task.labels.length > 0 ? (
          <ul
            aria-label={t('tasks.item.labelsOf', { title: task.title })}
            className="col-span-2 flex flex-wrap gap-1.5 @md/task:col-span-1"
          >
            {task.labels.map((label) => (
              <li key={label}>
                <LabelChip>{label}</LabelChip>
              </li>
            ))}
          </ul>
        ) : null}
        <TaskMeta task={task} className="col-span-2 @md/task:col-span-1" />
        <div
          className={`col-start-2 -my-1 -mr-1 flex justify-end @md/task:row-start-1 @md/task:self-start ${actionRowSpan[rows]}`}
        >
          <IconButton
            ref={editRef}
            label={t('tasks.item.edit', { title: task.title })}
            title={t('tasks.item.editTitle')}
            disabled={pending || editing}
            onClick={startEditing}
            className={iconButton}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            label={t('tasks.item.delete', { title: task.title })}
            title={t('tasks.item.deleteHint')}
            disabled={pending}
            onClick={() => actions.remove(task)}
            className={`${iconButton} hover:text-(--danger)`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>
    </div>
  );
}
