import { useId } from 'react';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { useShowWaitingCreations } from '../api/create-task.ts';
import { useTasks } from '../api/get-tasks.ts';
import { useTaskActions } from '../hooks/use-task-actions.ts';
import { NewTaskForm } from './new-task-form.tsx';
import { TaskCelebration } from './task-celebration.tsx';
import { TaskList } from './task-list.tsx';
import { TasksQueryView } from './tasks-load-state.tsx';

/**
 * The task list card of part 1 §2 on its own (the focus page shows it): sections To Do, In Progress and Done,
 * with the Done section showing its first 5.
 */
export function TaskListCard({
  title = 'Tasks',
  showNewTaskForm = false,
  className = '',
}: {
  title?: string;
  /** Lets the member add tasks from this card too. */
  showNewTaskForm?: boolean;
  className?: string;
}) {
  const id = useId();
  const tasksQuery = useTasks();
  useShowWaitingCreations();
  const actions = useTaskActions();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className={`flex flex-col gap-4 ${className}`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
        {title}
      </h2>
      {showNewTaskForm ? <NewTaskForm /> : null}
      <TasksQueryView
        query={tasksQuery}
        emptyText={showNewTaskForm ? 'No tasks yet. Add your first one above.' : 'No tasks yet.'}
      >
        {(tasks) => <TaskList tasks={tasks} actions={actions} />}
      </TasksQueryView>
      <TaskCelebration actions={actions} />
    </GlassPanel>
  );
}
