import { mutationOptions } from '@tanstack/react-query';
import { POMODORO, type PomodoroTimer } from '#shared/pomodoro.ts';
import { ApiError, answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { TimerAction } from '../model/shared-timer.ts';
import { keepNewestTimer, timerQueryKey } from './get-timer.ts';
import { pomodoroWriteKey, pomodoroWritesScope } from './pomodoro-writes.ts';

/** One action as sent, and as kept while offline: everything the request needs rides in it. */
export type TimerActionVariables = TimerAction & {
  /** A start's name: sent again (a retry, a write kept offline), it records no second run. */
  idempotencyKey?: string;
  /** A start's day for the badges and stats: the browser's time zone. */
  timeZone?: string;
};

/** Tries after the first when the server cannot be reached or fails (5xx); a refusal (4xx) is final. */
const RETRIES = 2;

/** An action sent this long after it was made was kept (offline): it tells the server when it happened. */
const SENT_LATE_AFTER_MS = 2_000;

/**
 * `PUT /api/pomodoro/timer`. An action sent on time is the server's to date; one sent late (kept while offline)
 * carries `at`, so the run keeps the times this device counted from. A start is 25 minutes in the browser's zone.
 */
export function actOnTimer({
  action,
  madeAt,
  sessionId,
  idempotencyKey,
  timeZone,
}: TimerActionVariables): Promise<PomodoroTimer> {
  const late = Date.now() - madeAt > SENT_LATE_AFTER_MS;
  return answerOf(
    api.pomodoro.timer.$put({
      json: {
        action,
        ...(action === 'start'
          ? { duration_minutes: POMODORO.durationMinutes, ...(timeZone ? { time_zone: timeZone } : {}) }
          : {}),
        ...(sessionId === undefined ? {} : { session_id: sessionId }),
        ...(late ? { at: new Date(madeAt).toISOString() } : {}),
      },
      header: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    }),
  );
}

/**
 * An action on the timer, as sent (and kept while offline). The answer is kept if it is the newest timer heard
 * of. A refusal (409: another device moved the timer first) is only logged and the timer is read again, so
 * this tab shows what the server holds. A completion moves the dashboard's Pomodoros and Streak and may earn
 * Four Pomodoros: both are refetched whatever the answer, since a lost answer may still have been applied.
 */
export const timerActionWrite = mutationOptions<PomodoroTimer, Error, TimerActionVariables>({
  mutationKey: pomodoroWriteKey('timer'),
  mutationFn: actOnTimer,
  scope: pomodoroWritesScope,
  // While it is tried again the action still shows (and the run keeps counting); only a final failure undoes it.
  retry: (failureCount, error) =>
    failureCount < RETRIES && !(error instanceof ApiError && error.status < 500),
  onSuccess: (timer, _variables, _result, { client }) => keepNewestTimer(client, timer),
  onError: (error, { action }, _result, { client }) => {
    console.error(`Failed to ${action} the focus timer: ${error.message}`);
    return client.invalidateQueries({ queryKey: timerQueryKey });
  },
  onSettled: async (_data, _error, { action }, _result, { client }) => {
    if (action !== 'complete') return;
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
      client.invalidateQueries({ queryKey: queryKeys.badges }),
    ]);
  },
});
