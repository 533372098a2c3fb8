import { useQuery } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import type { Task } from '#shared/tasks.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { toast } from '#web/ui/toast.ts';
import { tasksQueryOptions } from '../api/get-tasks.ts';
import type { TaskActions } from '../hooks/use-task-actions.ts';

type EditorProps = { task: Task; onClose: () => void };

async function loadEditor(): Promise<ComponentType<EditorProps>> {
  return (await import('./task-editor/task-editor-dialog.tsx')).TaskEditorDialog;
}

/** The editor's code, loaded when a title is pointed at, focused or pressed (not with the dashboard). */
export function preloadTaskEditor(): void {
  loadEditor().catch(() => {});
}

/** When the chunk cannot be fetched (offline before it was ever loaded): say so, and close. */
function Unavailable({ onClose }: EditorProps) {
  useEffect(() => {
    toast.error(translate('tasks.editor.unavailable'), { id: 'tasks-editor-unavailable' });
    onClose();
  }, [onClose]);
  return null;
}

const TaskEditorDialog = lazy(async (): Promise<{ default: ComponentType<EditorProps> }> => {
  try {
    return { default: await loadEditor() };
  } catch {
    return { default: Unavailable };
  }
});

/** The editor of the task the card's actions opened, as the list now has it; nothing while none is open. */
export function TaskEditorHost({ actions }: { actions: Pick<TaskActions, 'editingId' | 'closeEditor'> }) {
  // Reads the card's list without asking for it again: the card's own query keeps it fresh.
  const { data: tasks } = useQuery({ ...tasksQueryOptions(), refetchOnMount: false });
  const task = actions.editingId === null ? undefined : tasks?.find((each) => each.id === actions.editingId);
  if (!task) return null;
  return (
    <Suspense fallback={null}>
      <TaskEditorDialog key={task.id} task={task} onClose={actions.closeEditor} />
    </Suspense>
  );
}
