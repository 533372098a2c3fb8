import { mutationOptions, useMutation } from '@tanstack/react-query';
import { DEFAULT_POMODORO_REQUEST, type PomodoroSession } from '#shared/pomodoro.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { pomodoroWriteKey, pomodoroWritesScope } from './pomodoro-writes.ts';

/** Names one start: sent again (a retry, a write kept offline), it answers the session it recorded. */
export type StartPomodoroVariables = { idempotencyKey: string; timeZone?: string };

/**
 * `POST /api/pomodoro` `{duration_minutes: 25, time_zone}`: records a session as its timer starts.
 * The time zone lets the server count "4 sessions in a day" in the member's day. The key names this one start:
 * sent again (a retry), it answers the session it recorded instead of recording another.
 */
export function startPomodoro({
  idempotencyKey,
  timeZone = browserTimeZone(),
}: StartPomodoroVariables): Promise<PomodoroSession> {
  return answerOf(
    api.pomodoro.$post({
      json: { ...DEFAULT_POMODORO_REQUEST, time_zone: timeZone },
      header: { 'idempotency-key': idempotencyKey },
    }),
  );
}

/** Recording a start, as sent (and kept while offline, its key in its variables). */
export const startPomodoroWrite = mutationOptions<PomodoroSession, Error, StartPomodoroVariables>({
  mutationKey: pomodoroWriteKey('start'),
  mutationFn: startPomodoro,
  scope: pomodoroWritesScope,
});

export function useStartPomodoro() {
  return useMutation(startPomodoroWrite);
}
