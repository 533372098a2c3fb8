import { CalendarDays, ListChecks, Repeat } from 'lucide-react';
import type { Task } from '#shared/tasks.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { formatDueDay, formatDueTime, isOverdue } from '../lib/due-date.ts';
import { checklistProgress } from '../model/checklist-ids.ts';

const icon = 'mr-1 inline size-3.5 align-[-0.2em]';

/** Whether a task has anything for TaskMeta to show. */
export function hasTaskMeta(task: Task): boolean {
  return task.due_date !== null || task.repeat !== null || task.checklist.length > 0;
}

/**
 * The line under a task's title: its due date and time (red once overdue), how it repeats, and its checklist's
 * progress, each said in words to a screen reader. Notes and reminders show in the editor.
 */
export function TaskMeta({ task, className = '' }: { task: Task; className?: string }) {
  const t = useT();
  const format = useFormat();
  if (!hasTaskMeta(task)) return null;
  const done = task.status === 'done';
  const overdue = task.due_date !== null && !done && isOverdue(task.due_date);
  const progress = checklistProgress(task.checklist);
  return (
    <p
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-(--ink-muted) ${className}`}
    >
      {task.due_date ? (
        <span className={overdue ? 'font-bold text-(--danger)' : undefined}>
          <CalendarDays aria-hidden="true" className={icon} />
          <time dateTime={task.due_time ? `${task.due_date}T${task.due_time}` : task.due_date}>
            {task.due_time
              ? t('tasks.item.dueAt', {
                  date: formatDueDay(task.due_date, format),
                  time: formatDueTime(task.due_time, format),
                })
              : t('tasks.item.due', { date: formatDueDay(task.due_date, format) })}
          </time>
          {overdue ? <> · {t('tasks.item.overdue')}</> : null}
        </span>
      ) : null}
      {task.repeat ? (
        <span>
          <Repeat aria-hidden="true" className={icon} />
          <span className="sr-only">{t('tasks.item.repeatsLabel')} </span>
          {task.repeat_text ?? t('tasks.item.repeats')}
        </span>
      ) : null}
      {progress.total > 0 ? (
        <span title={t('tasks.item.checklistProgress', progress)}>
          <ListChecks aria-hidden="true" className={icon} />
          <span aria-hidden="true">
            {progress.done}/{progress.total}
          </span>
          <span className="sr-only">{t('tasks.item.checklistProgress', progress)}</span>
        </span>
      ) : null}
    </p>
  );
}
