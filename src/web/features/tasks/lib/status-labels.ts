import type { TaskStatus } from '#shared/tasks.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** The columns' names on screen, in the interface's language: the web shows these keys through `t()`. */
export const taskStatusLabelKey: Record<TaskStatus, MessageKey> = {
  todo: 'tasks.status.todo',
  doing: 'tasks.status.doing',
  done: 'tasks.status.done',
};
