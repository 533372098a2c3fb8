/**
 * The pomodoro countdown as plain data. Time left is always derived from the stored end time and the clock,
 * never from counting ticks, so a background tab whose timers the browser throttled (or froze) shows the exact
 * time the moment it ticks again.
 */
export type CountdownStatus = 'idle' | 'running' | 'paused' | 'reset' | 'complete';

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

export function canStart(countdown: Countdown): boolean {
  return countdown.status !== 'running' && countdown.secondsLeft > 0;
}

/** Starts or resumes from the time left. Nothing happens at 0 (Start is disabled there). */
export function startCountdown(countdown: Countdown, now: number): Countdown {
  if (!canStart(countdown)) return countdown;
  return {
    status: 'running',
    secondsLeft: countdown.secondsLeft,
    endsAt: now + countdown.secondsLeft * 1000,
  };
}

export function pauseCountdown(countdown: Countdown, now: number): Countdown {
  if (countdown.status !== 'running') return countdown;
  const synced = syncCountdown(countdown, now);
  if (synced.status === 'complete') return synced;
  return { status: 'paused', secondsLeft: synced.secondsLeft, endsAt: null };
}

export function resetCountdown(durationSeconds: number): Countdown {
  return { status: 'reset', secondsLeft: durationSeconds, endsAt: null };
}

/** Milliseconds a running countdown has left (0 at or after its end). */
export function millisecondsLeft(countdown: Countdown, now: number): number {
  if (countdown.status !== 'running' || countdown.endsAt === null) return countdown.secondsLeft * 1000;
  return Math.max(0, countdown.endsAt - now);
}

/**
 * The countdown as of `now`: a running one reaching 0 becomes complete. Answers the same object when nothing
 * visible changed, so callers can skip a render.
 */
export function syncCountdown(countdown: Countdown, now: number): Countdown {
  if (countdown.status !== 'running') return countdown;
  const secondsLeft = Math.ceil(millisecondsLeft(countdown, now) / 1000);
  if (secondsLeft <= 0) return { status: 'complete', secondsLeft: 0, endsAt: null };
  if (secondsLeft === countdown.secondsLeft) return countdown;
  return { ...countdown, secondsLeft };
}

/** 1500 → "25:00", 59 → "00:59". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
