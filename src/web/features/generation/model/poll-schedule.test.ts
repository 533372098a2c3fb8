import { describe, expect, it } from 'vitest';
import { jobPhase } from './job-phase.ts';
import {
  avatarPollSchedule,
  nextPollDelay,
  type PollSchedule,
  studioPollSchedule,
  wallpaperPollSchedule,
} from './poll-schedule.ts';

/** Every wait the schedule asks for, in order, until it has no checks left. */
function delaysOf(schedule: PollSchedule): number[] {
  const delays: number[] = [];
  for (let attempts = 0; ; attempts += 1) {
    const delay = nextPollDelay(schedule, attempts);
    if (delay === null) return delays;
    delays.push(delay);
  }
}

describe('poll schedules', () => {
  it('studio: every 5 seconds, at most 60 checks, about 5 minutes in all', () => {
    const delays = delaysOf(studioPollSchedule);
    expect(delays).toHaveLength(60);
    expect(new Set(delays)).toEqual(new Set([5_000]));
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBe(300_000);
  });

  it('avatar: first after 3 s, then 3 s plus 200 ms times the attempt, at most 15', () => {
    const delays = delaysOf(avatarPollSchedule);
    expect(delays).toHaveLength(15);
    expect(delays.slice(0, 4)).toEqual([3_000, 3_200, 3_400, 3_600]);
    expect(delays.at(-1)).toBe(3_000 + 200 * 14);
  });

  it('wallpaper: every second, at most 30', () => {
    const delays = delaysOf(wallpaperPollSchedule);
    expect(delays).toHaveLength(30);
    expect(new Set(delays)).toEqual(new Set([1_000]));
  });

  it('has no checks left at or beyond its maximum, and never waits a negative time', () => {
    const odd: PollSchedule = { maxAttempts: 2, delayMs: () => -50 };
    expect(nextPollDelay(odd, 0)).toBe(0);
    expect(nextPollDelay(odd, 2)).toBeNull();
    expect(nextPollDelay(odd, 7)).toBeNull();
  });
});

describe('jobPhase', () => {
  const schedule: PollSchedule = { maxAttempts: 3, delayMs: () => 10 };

  it('is ready or failed as the answer says, whatever the checks', () => {
    expect(
      jobPhase({ answer: { status: 'ready' }, attemptsMade: 3, statusCheckFailed: true, schedule }),
    ).toBe('ready');
    expect(
      jobPhase({ answer: { status: 'failed' }, attemptsMade: 0, statusCheckFailed: false, schedule }),
    ).toBe('failed');
  });

  it('is generating while checks remain, timed out when they ran out, status-failed when a check failed', () => {
    const pending = { status: 'pending' } as const;
    expect(jobPhase({ answer: pending, attemptsMade: 2, statusCheckFailed: false, schedule })).toBe(
      'generating',
    );
    expect(jobPhase({ answer: pending, attemptsMade: 3, statusCheckFailed: false, schedule })).toBe(
      'timed-out',
    );
    expect(jobPhase({ answer: pending, attemptsMade: 1, statusCheckFailed: true, schedule })).toBe(
      'status-failed',
    );
  });
});
