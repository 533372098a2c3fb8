import type { MutationKey, MutationOptions, QueryClient } from '@tanstack/react-query';
import { timerActionWrite } from '#web/features/pomodoro/api/act-on-timer.ts';
import { completePomodoroWrite, startPomodoroWrite } from '#web/features/pomodoro/api/kept-session-writes.ts';
import { createTaskWrite } from '#web/features/tasks/api/create-task.ts';
import { deleteTaskWrite } from '#web/features/tasks/api/delete-task.ts';
import { restoreTaskWrite } from '#web/features/tasks/api/restore-task.ts';
import { updateTaskWrite } from '#web/features/tasks/api/update-task.ts';
import { keepPausedWritesFor, waitForConnection } from '#web/lib/offline-writes.ts';

/**
 * The writes kept while offline, across reloads: task creations, edits, status changes, deletions and
 * restores, and the focus timer's actions (and the session writes kept before the timer was shared). Each is registered as the defaults of its key, so a
 * write restored after a reload (without the component that made it) still knows what to send and what follows.
 */
function registerOfflineWrites(queryClient: QueryClient): void {
  const keep = <TData, TVariables>(
    write: MutationOptions<TData, Error, TVariables> & { mutationKey: MutationKey },
  ) => queryClient.setMutationDefaults(write.mutationKey, { ...write, ...waitForConnection });
  keep(createTaskWrite);
  keep(updateTaskWrite);
  keep(deleteTaskWrite);
  keep(restoreTaskWrite);
  keep(startPomodoroWrite);
  keep(completePomodoroWrite);
  keep(timerActionWrite);
}

/** For the signed-in member: their kept writes come back (and are sent), and those made from now on are kept. */
export function keepOfflineWritesFor(queryClient: QueryClient, memberId: number): () => void {
  registerOfflineWrites(queryClient);
  return keepPausedWritesFor(queryClient, memberId);
}
