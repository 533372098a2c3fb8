import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PomodoroSession } from '#shared/pomodoro.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { pomodoroWriteKey, pomodoroWritesScope } from './pomodoro-writes.ts';
import { startPomodoro } from './start-pomodoro.ts';

/** `PUT /api/pomodoro/{id}/complete`: idempotent; the answer is not shown. */
export function completePomodoro(id: number): Promise<PomodoroSession> {
  return answerOf(api.pomodoro[':id'].complete.$put({ param: { id: String(id) } }));
}

/**
 * The run to complete: the key its start was sent with, and the id the server answered, when it has answered.
 * A run started offline has no id yet; its completion then asks for the start again with the same key, which
 * answers the session that start recorded (never a second one), and completes that.
 */
export type RecordedRun = { startKey: string; id: number | null };

export async function completeRecordedRun({ startKey, id }: RecordedRun): Promise<PomodoroSession> {
  const sessionId = id ?? (await startPomodoro({ idempotencyKey: startKey })).id;
  return completePomodoro(sessionId);
}

/**
 * A completed session moves the dashboard's Pomodoros and Streak, and a fourth one in a day earns Four
 * Pomodoros: both lists are refetched whatever the answer, since a lost answer may still have been applied.
 */
export const completePomodoroWrite = mutationOptions<PomodoroSession, Error, RecordedRun>({
  mutationKey: pomodoroWriteKey('complete'),
  mutationFn: completeRecordedRun,
  scope: pomodoroWritesScope,
  onSettled: (_data, _error, _variables, _result, { client }) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
      client.invalidateQueries({ queryKey: queryKeys.badges }),
    ]),
});

export function useCompletePomodoro() {
  return useMutation(completePomodoroWrite);
}
