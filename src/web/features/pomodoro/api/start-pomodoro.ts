import { useMutation } from '@tanstack/react-query';
import { DEFAULT_POMODORO_REQUEST, type PomodoroSession } from '#shared/pomodoro.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';

/**
 * `POST /api/pomodoro` `{duration_minutes: 25, time_zone}`: records a session as its timer starts (part 1 §4).
 * The time zone lets the server count "4 sessions in a day" in the member's day. The key names this one start:
 * sent again (a retry), it answers the session it recorded instead of recording another.
 */
export function startPomodoro({
  idempotencyKey,
  timeZone = browserTimeZone(),
}: {
  idempotencyKey: string;
  timeZone?: string;
}): Promise<PomodoroSession> {
  return answerOf(
    api.pomodoro.$post({
      json: { ...DEFAULT_POMODORO_REQUEST, time_zone: timeZone },
      header: { 'idempotency-key': idempotencyKey },
    }),
  );
}

/** The key travels in the mutation's variables, so whatever sends the start again sends the same key. */
export function useStartPomodoro() {
  return useMutation({
    mutationFn: (variables: { idempotencyKey: string }) => startPomodoro(variables),
  });
}
