import { mutationOptions } from '@tanstack/react-query';
import { DEFAULT_POMODORO_REQUEST, type PomodoroSession } from '#shared/pomodoro.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { pomodoroWriteKey, pomodoroWritesScope } from './pomodoro-writes.ts';

/**
 * The writes each tab's own timer made before the timer was the server's: `POST /api/pomodoro` at a start and
 * `PUT /api/pomodoro/{id}/complete` at 0. Nothing makes them now; they stay registered (offline-write-registry.ts)
 * so a member who had some kept offline when the app was updated still has those runs recorded and completed.
 */
type StartVariables = { idempotencyKey: string; timeZone?: string };
type RecordedRun = { startKey: string; id: number | null };

function startPomodoro({ idempotencyKey, timeZone }: StartVariables): Promise<PomodoroSession> {
  return answerOf(
    api.pomodoro.$post({
      json: { ...DEFAULT_POMODORO_REQUEST, ...(timeZone ? { time_zone: timeZone } : {}) },
      header: { 'idempotency-key': idempotencyKey },
    }),
  );
}

export const startPomodoroWrite = mutationOptions<PomodoroSession, Error, StartVariables>({
  mutationKey: pomodoroWriteKey('start'),
  mutationFn: startPomodoro,
  scope: pomodoroWritesScope,
});

/** A run started offline had no id: its start, asked again with the same key, answers the session it recorded. */
export const completePomodoroWrite = mutationOptions<PomodoroSession, Error, RecordedRun>({
  mutationKey: pomodoroWriteKey('complete'),
  mutationFn: async ({ startKey, id }) => {
    const sessionId = id ?? (await startPomodoro({ idempotencyKey: startKey })).id;
    return answerOf(api.pomodoro[':id'].complete.$put({ param: { id: String(sessionId) } }));
  },
  scope: pomodoroWritesScope,
  onSettled: (_data, _error, _variables, _result, { client }) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
      client.invalidateQueries({ queryKey: queryKeys.badges }),
    ]),
});
