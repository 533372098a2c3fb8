import { Columns3, List } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutHint } from '#web/lib/keyboard-shortcuts-preference.ts';
import { useShortcutAction } from '#web/lib/shortcut-actions.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { useShowWaitingCreations } from '../api/create-task.ts';
import { useTasks } from '../api/get-tasks.ts';
import { useTaskActions } from '../hooks/use-task-actions.ts';
import { useTasksLiveRefresh } from '../hooks/use-tasks-live-refresh.ts';
import { NewTaskForm } from './new-task-form.tsx';
import { TaskBoard } from './task-board.tsx';
import { TaskCelebration } from './task-celebration.tsx';
import { TaskEditorHost } from './task-editor-host.tsx';
import { TaskList } from './task-list.tsx';
import { TasksQueryView } from './tasks-load-state.tsx';

export type TaskView = 'list' | 'kanban';

/**
 * The dashboard's "Your Tasks" card: the new-task form, then the tasks as a list or as a kanban
 * board (the default).
 */
export function TasksCard({
  defaultView = 'kanban',
  className = '',
  openTaskId = null,
  onTaskOpened,
}: {
  defaultView?: TaskView;
  className?: string;
  /** A task to bring into view and give focus once the list shows it (the command palette opens one). */
  openTaskId?: number | null;
  onTaskOpened?: () => void;
}) {
  const t = useT();
  const id = useId();
  const [view, setView] = useState<TaskView>(defaultView);
  const tasksQuery = useTasks();
  useTasksLiveRefresh();
  useShowWaitingCreations();
  const actions = useTaskActions();
  const viewHint = useShortcutHint(t('tasks.card.switchView'), { aria: 'v', hint: 'v' });
  const taskList = tasksQuery.data;
  useEffect(() => {
    if (openTaskId === null || !taskList) return;
    const item = document.querySelector<HTMLElement>(`[data-task-id="${openTaskId}"]`);
    // Its first control (the handle, else the status button): focusing it scrolls the task into view.
    item?.querySelector<HTMLElement>('button')?.focus();
    onTaskOpened?.();
  }, [openTaskId, taskList, onTaskOpened]);
  useShortcutAction('toggle-task-view', () => setView((current) => (current === 'list' ? 'kanban' : 'list')));

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className={`@container flex flex-col gap-5 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
          {t('tasks.card.title')}
        </h2>
        <fieldset className="inline-flex rounded-full bg-(--surface-strong) p-1" {...viewHint}>
          <legend className="sr-only">{t('tasks.card.view')}</legend>
          <ViewButton
            pressed={view === 'list'}
            onClick={() => setView('list')}
            icon={<List className="size-4" />}
          >
            {t('tasks.card.list')}
          </ViewButton>
          <ViewButton
            pressed={view === 'kanban'}
            onClick={() => setView('kanban')}
            icon={<Columns3 className="size-4" />}
          >
            {t('tasks.card.kanban')}
          </ViewButton>
        </fieldset>
      </div>

      <NewTaskForm />

      {/* The board shows its three columns even empty, and the list its three sections: a new member sees where
          tasks will go. */}
      <TasksQueryView query={tasksQuery} emptyText={t('tasks.empty.addFirst')}>
        {(tasks) =>
          view === 'kanban' ? <TaskBoard actions={actions} /> : <TaskList tasks={tasks} actions={actions} />
        }
      </TasksQueryView>
      <TaskCelebration actions={actions} />
      <TaskEditorHost actions={actions} />
    </GlassPanel>
  );
}

function ViewButton({
  pressed,
  onClick,
  icon,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button
      variant="bare"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex min-h-9 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition-colors ${
        pressed ? 'bg-(--accent) text-(--on-accent) shadow-(--glow)' : 'text-(--ink) hover:bg-(--surface)'
      }`}
    >
      <span aria-hidden="true">{icon}</span>
      {children}
    </Button>
  );
}
