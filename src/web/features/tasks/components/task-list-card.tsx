import { useId } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { useShowWaitingCreations } from '../api/create-task.ts';
import { useTasks } from '../api/get-tasks.ts';
import { useTaskActions } from '../hooks/use-task-actions.ts';
import { useTasksLiveRefresh } from '../hooks/use-tasks-live-refresh.ts';
import { NewTaskForm } from './new-task-form.tsx';
import { TaskCelebration } from './task-celebration.tsx';
import { TaskEditorHost } from './task-editor-host.tsx';
import { TaskList } from './task-list.tsx';
import { TasksQueryView } from './tasks-load-state.tsx';

/**
 * The dashboard's task list card on its own (the focus page shows it): sections To Do, In Progress and Done, even
 * while empty, with the Done section showing its first 5.
 */
export function TaskListCard({
  title,
  showNewTaskForm = false,
  className = '',
}: {
  /** The card's heading; "Tasks" in the interface's language when absent. */
  title?: string;
  /** Lets the member add tasks from this card too. */
  showNewTaskForm?: boolean;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  const tasksQuery = useTasks();
  useTasksLiveRefresh();
  useShowWaitingCreations();
  const actions = useTaskActions();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className={`flex flex-col gap-4 ${className}`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
        {title ?? t('tasks.listCard.title')}
      </h2>
      {showNewTaskForm ? <NewTaskForm /> : null}
      {/* The three sections show even while empty, as the board's columns do. */}
      <TasksQueryView
        query={tasksQuery}
        emptyText={showNewTaskForm ? t('tasks.empty.addFirst') : t('tasks.empty.noTasks')}
      >
        {(tasks) => <TaskList tasks={tasks} actions={actions} />}
      </TasksQueryView>
      <TaskCelebration actions={actions} />
      <TaskEditorHost actions={actions} />
    </GlassPanel>
  );
}
