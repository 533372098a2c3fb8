import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PomodoroTimer } from '#shared/pomodoro.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { newerTimer } from '../model/shared-timer.ts';

export const timerQueryKey = [...queryKeys.pomodoro, 'timer'] as const;

/** `GET /api/pomodoro/timer`: the member's one timer. */
export function getTimer(): Promise<PomodoroTimer> {
  return answerOf(api.pomodoro.timer.$get());
}

/**
 * The timer as last answered or announced. An answer older than what a live event already brought (read before
 * the change, arrived after it) does not undo it: the newest version stays.
 */
export function timerQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: timerQueryKey,
    queryFn: async () => newestTimer(queryClient, await getTimer()),
  });
}

/** A timer from an answer, unless the cache holds a newer one (a live event that came before the answer). */
export function newestTimer(queryClient: QueryClient, timer: PomodoroTimer): PomodoroTimer {
  return newerTimer(queryClient.getQueryData(timerQueryKey), timer);
}

/** A timer from an answer or a live event, kept only if it is newer than the one the cache holds. */
export function keepNewestTimer(queryClient: QueryClient, timer: PomodoroTimer): void {
  queryClient.setQueryData<PomodoroTimer>(timerQueryKey, (current) => newerTimer(current, timer));
}
