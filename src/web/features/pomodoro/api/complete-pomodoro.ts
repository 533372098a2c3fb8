import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PomodoroSession } from '#shared/pomodoro.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** `PUT /api/pomodoro/{id}/complete`: idempotent; the answer is not shown (part 1 §7). */
export function completePomodoro(id: number): Promise<PomodoroSession> {
  return answerOf(api.pomodoro[':id'].complete.$put({ param: { id: String(id) } }));
}

/**
 * A completed session moves the dashboard's Pomodoros and Streak, and a fourth one in a day earns Four
 * Pomodoros: both lists are refetched whatever the answer, since a lost answer may still have been applied.
 */
export function useCompletePomodoro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePomodoro,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.badges }),
      ]),
  });
}
