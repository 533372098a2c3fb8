import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Every write of the focus timer carries this key, so one kept offline finds its function again after a reload.
 * `timer` is the shared timer's action (act-on-timer.ts); `start` and `complete` are the writes of the timer each
 * tab kept before it was the server's, still sent if a member had some waiting.
 */
export const pomodoroWriteKey = (operation: 'start' | 'complete' | 'timer') =>
  [...queryKeys.pomodoro, operation] as const;

/**
 * The timer's actions reach the server in the order they happened: a pause made offline waits for the start it
 * pauses, which waits for the connection.
 */
export const pomodoroWritesScope = { id: 'pomodoro' };
