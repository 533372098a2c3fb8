/**
 * What a timer shows, as plain data (model/shared-timer.ts derives it from the member's timer and the clock).
 * Time left is always derived from the end time and the clock, never from counting ticks, so a background tab
 * whose timers the browser throttled (or froze) shows the exact time the moment it ticks again.
 */
export type CountdownStatus = 'idle' | 'running' | 'paused' | 'complete';

export type Countdown = {
  status: CountdownStatus;
  /** Whole seconds left, rounded up: 1499.2 s left shows as 25:00 until it is really 24:59. */
  secondsLeft: number;
  /** Epoch milliseconds at which a running countdown reaches 0; null unless running. */
  endsAt: number | null;
};

export function idleCountdown(durationSeconds: number): Countdown {
  return { status: 'idle', secondsLeft: durationSeconds, endsAt: null };
}

/** Start (or resume) is offered unless running, and never at 0 ("Timer start is disabled at 0 seconds"). */
export function canStart(countdown: Countdown): boolean {
  return countdown.status !== 'running' && countdown.secondsLeft > 0;
}

/** 1500 → "25:00", 59 → "00:59". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
