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
    /** The task this session is for: the member's own, else **404**. */
    task_id: z.number().int().positive().nullable().optional(),
  })
  .strict();
export type StartPomodoroRequest = z.infer<typeof startPomodoroRequestSchema>;

export const pomodoroSessionSchema = z
  .object({
    id: z.number().int(),
    duration_minutes: z.number().int(),
    started_at: z.string(),
    completed_at: z.string().nullable(),
    task_id: z.number().int().nullable(),
  })
  .meta({ id: 'PomodoroSession' });
export type PomodoroSession = z.infer<typeof pomodoroSessionSchema>;

export const DEFAULT_POMODORO_REQUEST: StartPomodoroRequest = { duration_minutes: POMODORO.durationMinutes };

/**
 * The member's one focus timer, the same on every tab and device (`GET|PUT /api/pomodoro/timer`). While running,
 * `ends_at` is when it ends and `remaining_seconds` what was left when answered; while paused, `remaining_seconds`
 * holds and `ends_at` is null; idle, neither.
 */
export const timerStates = ['idle', 'running', 'paused'] as const;
export const pomodoroTimerSchema = z
  .object({
    state: z.enum(timerStates),
    session_id: z.number().int().nullable(),
    duration_minutes: z.number().int(),
    ends_at: z.string().nullable(),
    remaining_seconds: z.number().int().nullable(),
    task_id: z.number().int().nullable(),
    /** Grows with every change: a device keeps the newest it has heard of. */
    version: z.number().int(),
  })
  .meta({ id: 'PomodoroTimer' });
export type PomodoroTimer = z.infer<typeof pomodoroTimerSchema>;

export const timerActions = ['start', 'pause', 'resume', 'reset', 'complete'] as const;
export const updatePomodoroTimerRequestSchema = z
  .object({
    action: z.enum(timerActions),
    duration_minutes: startPomodoroRequestSchema.shape.duration_minutes.optional(),
    task_id: z.number().int().positive().nullable().optional(),
    time_zone: timeZoneSchema.optional(),
    /**
     * The session a pause, resume, reset or complete is meant for. When the timer no longer runs it (another
     * device completed or reset it first), nothing changes and the answer is the timer as it stands, so two
     * devices completing the same run at 0 complete it once. `start` ignores it.
     */
    session_id: z.number().int().positive().optional(),
    /**
     * When the member acted, for an action sent late (kept while offline): the server takes this instant, held
     * between the timer's last change and now, so the run keeps the times the device counted from.
     */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type UpdatePomodoroTimerRequest = z.infer<typeof updatePomodoroTimerRequestSchema>;
