import { useId, useState } from 'react';
import { DONE_SECTION_VISIBLE, type Task, type TaskStatus, taskStatuses } from '#shared/tasks.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { taskStatusLabelKey } from '../lib/status-labels.ts';
import { tasksByStatus } from '../lib/task-order.ts';
import { TaskItem, type TaskItemActions } from './task-item.tsx';

/** The list view: sections To Do, In Progress and Done. Done shows its first 5 until asked for all. */
export function TaskList({ tasks, actions }: { tasks: readonly Task[]; actions: TaskItemActions }) {
  const columns = tasksByStatus(tasks);
  return (
    <div className="flex flex-col gap-5">
      {taskStatuses.map((status) => (
        <TaskSection key={status} status={status} tasks={columns[status]} actions={actions} />
      ))}
    </div>
  );
}

function TaskSection({
  status,
  tasks,
  actions,
}: {
  status: TaskStatus;
  tasks: Task[];
  actions: TaskItemActions;
}) {
  const t = useT();
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const limited = status === 'done' && tasks.length > DONE_SECTION_VISIBLE;
  const visible = limited && !showAll ? tasks.slice(0, DONE_SECTION_VISIBLE) : tasks;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-base font-bold text-(--ink)">
          {t(taskStatusLabelKey[status])}
        </h3>
        <span className="text-sm text-(--ink-muted)">{t('tasks.count', { count: tasks.length })}</span>
      </div>
      {tasks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-(--ink-muted)/40 px-3 py-2 text-sm text-(--ink-muted)">
          {t('tasks.list.empty')}
        </p>
      ) : (
        <ul id={`${id}-list`} className="flex flex-col gap-2">
          {visible.map((task) => (
            <li key={task.id}>
              <TaskItem task={task} actions={actions} />
            </li>
          ))}
        </ul>
      )}
      {limited ? (
        <Button
          variant="bare"
          aria-expanded={showAll}
          aria-controls={`${id}-list`}
          onClick={() => setShowAll((current) => !current)}
          className="self-start rounded-full px-3 py-1.5 text-sm font-semibold text-(--accent) underline-offset-4 hover:underline"
        >
          {showAll ? t('tasks.list.showFewer') : t('tasks.list.showAll', { count: tasks.length })}
        </Button>
      ) : null}
    </section>
  );
}
