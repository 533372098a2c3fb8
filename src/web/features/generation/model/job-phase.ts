import type { GenerationAnswer } from '#shared/generation.ts';
import { nextPollDelay, type PollSchedule } from './poll-schedule.ts';

/**
 * Where a generation stands in the browser: still `generating`, `ready`,
 * `failed` (the provider's error), `timed-out` (the schedule ran out of checks while it was pending), or
 * `status-failed` (checking its status failed; the member can check again).
 */
export type JobPhase = 'generating' | 'ready' | 'failed' | 'timed-out' | 'status-failed';

export function jobPhase({
  answer,
  attemptsMade,
  statusCheckFailed,
  schedule,
}: {
  answer: Pick<GenerationAnswer, 'status'>;
  attemptsMade: number;
  statusCheckFailed: boolean;
  schedule: PollSchedule;
}): JobPhase {
  if (answer.status === 'ready') return 'ready';
  if (answer.status === 'failed') return 'failed';
  if (statusCheckFailed) return 'status-failed';
  return nextPollDelay(schedule, attemptsMade) === null ? 'timed-out' : 'generating';
}
