import type { QueryClient } from '@tanstack/react-query';
import { timerActionWrite } from '#web/features/pomodoro/api/act-on-timer.ts';
import { completePomodoroWrite, startPomodoroWrite } from '#web/features/pomodoro/api/kept-session-writes.ts';
import { createTaskWrite } from '#web/features/tasks/api/create-task.ts';
import { deleteTaskWrite } from '#web/features/tasks/api/delete-task.ts';
import { restoreTaskWrite } from '#web/features/tasks/api/restore-task.ts';
import { updateTaskWrite } from '#web/features/tasks/api/update-task.ts';
import { keepPausedWritesFor } from '#web/lib/offline-writes.ts';

/**
 * The writes kept while offline, across reloads: task creations, edits, status changes, deletions and
 * restores, and the focus timer's actions (and the session writes kept before the timer was shared). Each is registered as the defaults of its key, so a
 * write restored after a reload (without the component that made it) still knows what to send and what follows.
 */
function registerOfflineWrites(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(createTaskWrite.mutationKey, createTaskWrite);
  queryClient.setMutationDefaults(updateTaskWrite.mutationKey, updateTaskWrite);
  queryClient.setMutationDefaults(deleteTaskWrite.mutationKey, deleteTaskWrite);
  queryClient.setMutationDefaults(restoreTaskWrite.mutationKey, restoreTaskWrite);
  queryClient.setMutationDefaults(startPomodoroWrite.mutationKey, startPomodoroWrite);
  queryClient.setMutationDefaults(completePomodoroWrite.mutationKey, completePomodoroWrite);
  queryClient.setMutationDefaults(timerActionWrite.mutationKey, timerActionWrite);
}

/** For the signed-in member: their kept writes come back (and are sent), and those made from now on are kept. */
export function keepOfflineWritesFor(queryClient: QueryClient, memberId: number): () => void {
  registerOfflineWrites(queryClient);
  return keepPausedWritesFor(queryClient, memberId);
}
