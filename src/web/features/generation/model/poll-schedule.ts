import { GENERATION_POLLING } from '#shared/generation.ts';

/**
 * When a pending generation is checked again: `delayMs(attemptsMade)` is the wait before the next check, given
 * how many checks were made so far (0 before the first), and no more than `maxAttempts` checks are made.
 */
export type PollSchedule = {
  maxAttempts: number;
  delayMs: (attemptsMade: number) => number;
};

/** The studio's media tabs: every 5 s, at most 60 checks (about 5 minutes). */
export const studioPollSchedule: PollSchedule = {
  maxAttempts: GENERATION_POLLING.maxAttempts,
  delayMs: () => GENERATION_POLLING.intervalMs,
};

/**
 * The profile's avatar: the first check after 3 s, then 3 s plus 200 ms times the number of
 * checks made, at most 15.
 */
export const avatarPollSchedule: PollSchedule = {
  maxAttempts: 15,
  delayMs: (attemptsMade) => 3_000 + 200 * attemptsMade,
};

/** The profile's wallpaper: every second, at most 30 checks. */
export const wallpaperPollSchedule: PollSchedule = {
  maxAttempts: 30,
  delayMs: () => 1_000,
};

/** The wait before the next check, or null when the schedule has no checks left. */
export function nextPollDelay(schedule: PollSchedule, attemptsMade: number): number | null {
  if (attemptsMade >= schedule.maxAttempts) return null;
  return Math.max(0, schedule.delayMs(attemptsMade));
}
