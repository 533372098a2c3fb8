import { useCallback, useMemo, useRef, useState } from 'react';
import { TOAST_MS } from '#shared/constants.ts';
import { nextTaskStatus, type Task, type TaskStatus, type UpdateTaskRequest } from '#shared/tasks.ts';
import { formattersFor } from '#web/lib/i18n/format.ts';
import { currentLanguage } from '#web/lib/i18n/i18n.ts';
import { type MessageKey, translate } from '#web/lib/i18n/use-t.ts';
import { toast } from '#web/ui/toast.ts';
import { useDeleteTask } from '../api/delete-task.ts';
import { useRestoreTask } from '../api/restore-task.ts';
import { useUpdateTask } from '../api/update-task.ts';
import { formatDayWithWeekday } from '../lib/due-date.ts';
import {
  completionRequest,
  isCompletion,
  movedToNextOccurrence,
  repeats,
  undoCompletionRequest,
} from '../model/completion.ts';

/** The message shown when a task is completed ("Done. Confetti for discipline, not just dopamine. 🎉"). */
export const TASK_COMPLETED_MESSAGE: MessageKey = 'tasks.toast.completed';
/** On completion, 60 confetti pieces for 4 seconds. */
export const COMPLETION_CONFETTI = { pieces: 60, durationMs: 4000 } as const;

/**
 * A task that moves to another column or place is a new element there, so the keyboard focus would be lost:
 * this says which control of it takes the focus once it shows with this status (and at this index).
 */
export type FocusRequest = { id: number; status: TaskStatus; control: 'status' | 'handle'; index?: number };

export type TaskActions = {
  cycleStatus: (task: Task) => void;
  moveToColumn: (task: Task, status: TaskStatus) => void;
  reorder: (task: Task, position: number) => void;
  rename: (task: Task, title: string) => void;
  remove: (task: Task) => void;
  /** The task open in the editor, by id (the editor reads it from the list), or null. */
  editingId: number | null;
  openEditor: (task: Task) => void;
  closeEditor: () => void;
  focusRequest: FocusRequest | null;
  requestFocus: (request: FocusRequest) => void;
  clearFocusRequest: () => void;
  /** Changes on every completion, so each one starts its own confetti; 0 before any. */
  celebration: number;
  endCelebration: () => void;
};

/**
 * Everything a member does to an existing task, for the list and the board alike. Owned by the card that
 * shows them, so the Undo toast and the confetti outlive a switch between list and board.
 */
export function useTaskActions(): TaskActions {
  const [celebration, setCelebration] = useState(0);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  /** Where the last press of a status button expected its task to show. */
  const cycledTo = useRef<{ id: number; status: TaskStatus } | null>(null);
  const { mutate: restore } = useRestoreTask();
  const { mutate: update } = useUpdateTask({
    onCompleted: (task, before) => {
      setCelebration((count) => count + 1);
      // The status button asked for focus where the task was expected (a repeating one back in To Do); when the
      // answer put it elsewhere (Done: its rule had ended), the focus follows it there.
      const cycled = cycledTo.current;
      cycledTo.current = null;
      if (cycled?.id === task.id && cycled.status !== task.status) {
        setFocusRequest({ id: task.id, status: task.status, control: 'status' });
      }
      if (!movedToNextOccurrence(before, task) || task.due_date === null) {
        toast.success(translate(TASK_COMPLETED_MESSAGE), { duration: TOAST_MS.success });
        return;
      }
      const date = formatDayWithWeekday(task.due_date, formattersFor(currentLanguage()));
      toast.success(translate('tasks.toast.next', { date }), {
        description: translate(TASK_COMPLETED_MESSAGE),
        duration: TOAST_MS.undo,
        action: {
          label: translate('tasks.toast.undo'),
          onClick: () => update({ task, changes: undoCompletionRequest(before) }),
        },
      });
    },
  });
  /**
   * Any change of a task; a completion goes as `completionRequest` says, under a key of its own made now, so it
   * completes once however often it is sent.
   */
  const change = useCallback(
    (task: Task, changes: UpdateTaskRequest) => {
      if (!isCompletion(task, changes)) {
        update({ task, changes });
        return;
      }
      update({
        task,
        changes: { ...changes, ...completionRequest(task) },
        idempotencyKey: crypto.randomUUID(),
      });
    },
    [update],
  );
  const { mutate: destroy } = useDeleteTask({
    onDeleted: (task) => {
      toast(translate('tasks.toast.deleted'), {
        duration: TOAST_MS.undo,
        action: { label: translate('tasks.toast.undo'), onClick: () => restore(task) },
      });
    },
  });

  const cycleStatus = useCallback(
    (task: Task) => {
      const status = nextTaskStatus(task.status);
      // A repeating task completed comes back to To Do (task-order.ts shows it there before the answer).
      const shownIn = status === 'done' && repeats(task) ? 'todo' : status;
      cycledTo.current = { id: task.id, status: shownIn };
      setFocusRequest({ id: task.id, status: shownIn, control: 'status' });
      change(task, { status });
    },
    [change],
  );
  const moveToColumn = useCallback(
    (task: Task, status: TaskStatus) => {
      // A drop keeps the keyboard on the handle (task-board.tsx), not on the status button.
      cycledTo.current = null;
      change(task, { status });
    },
    [change],
  );
  const reorder = useCallback(
    (task: Task, position: number) => update({ task, changes: { position } }),
    [update],
  );
  const rename = useCallback(
    (task: Task, title: string) => {
      const trimmed = title.trim();
      if (trimmed === '' || trimmed === task.title) return;
      update({ task, changes: { title: trimmed } });
    },
    [update],
  );
  const clearFocusRequest = useCallback(() => setFocusRequest(null), []);
  const requestFocus = useCallback((request: FocusRequest) => setFocusRequest(request), []);
  const endCelebration = useCallback(() => setCelebration(0), []);
  const openEditor = useCallback((task: Task) => setEditingId(task.id), []);
  const closeEditor = useCallback(() => setEditingId(null), []);

  return useMemo(
    () => ({
      cycleStatus,
      moveToColumn,
      reorder,
      rename,
      remove: (task: Task) => destroy(task),
      editingId,
      openEditor,
      closeEditor,
      focusRequest,
      requestFocus,
      clearFocusRequest,
      celebration,
      endCelebration,
    }),
    [
      cycleStatus,
      moveToColumn,
      reorder,
      rename,
      destroy,
      editingId,
      openEditor,
      closeEditor,
      focusRequest,
      requestFocus,
      clearFocusRequest,
      celebration,
      endCelebration,
    ],
  );
}
