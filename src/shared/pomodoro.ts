import { z } from 'zod';
import { timeZoneSchema } from './time-zone.ts';

/** The focus timer's length, tick and break. */
export const POMODORO = {
  durationSeconds: 1500,
  durationMinutes: 25,
  tickMs: 1000,
  breakMinutes: 5,
} as const;

/**
 * `POST /api/pomodoro`: a client may send only `{duration_minutes: 25}`; ours also sends its time zone, so
 * that "sessions in a day" (badges, stats) follow the member's day, not the server's.
 */
export const startPomodoroRequestSchema = z
  .object({
    duration_minutes: z.number().int().min(1).max(180),
    time_zone: timeZoneSchema.optional(),
  })
  .strict();
export type StartPomodoroRequest = z.infer<typeof startPomodoroRequestSchema>;

export const pomodoroSessionSchema = z
  .object({
    id: z.number().int(),
    duration_minutes: z.number().int(),
    started_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'PomodoroSession' });
export type PomodoroSession = z.infer<typeof pomodoroSessionSchema>;

export const DEFAULT_POMODORO_REQUEST: StartPomodoroRequest = { duration_minutes: POMODORO.durationMinutes };
