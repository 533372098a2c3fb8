import { queryKeys } from '#web/lib/query-keys.ts';

/** Every write of a focus run carries this key, so one kept offline finds its function again after a reload. */
export const pomodoroWriteKey = (operation: 'start' | 'complete') =>
  [...queryKeys.pomodoro, operation] as const;

/**
 * A run's start and completion reach the server in the order they happened: a completion made offline waits for
 * the start it completes, which waits for the connection.
 */
export const pomodoroWritesScope = { id: 'pomodoro' };
