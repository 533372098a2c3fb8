import type { ServerTexts } from '#server/messages/server-texts.gen.ts';
import type { PomodoroTimer } from '#shared/pomodoro.ts';

/** The timer's fields a change decides (the row's, without its member, version and time of change). */
export type TimerFields = {
  state: PomodoroTimer['state'];
  sessionId: number | null;
  durationMinutes: number;
  endsAt: Date | null;
  remainingSeconds: number | null;
  taskId: number | null;
};

/** What an action does to the timer, decided before anything is written. */
export type TimerMove =
  /** A new run: the caller records its session, then the timer runs it from `at`. */
  | { kind: 'start' }
  | { kind: 'pause'; remainingSeconds: number }
  | { kind: 'resume'; endsAt: Date }
  /** Ends the run without completing its session. */
  | { kind: 'reset' }
  /** Completes the run's session, and the timer goes idle. */
  | { kind: 'complete'; sessionId: number | null }
  /** Not a move from this state: **409** with this text. */
  | { kind: 'refused'; reason: TimerRefusal };

export type TimerRefusal = Extract<keyof ServerTexts, `server.pomodoro.timer${string}`>;

export const IDLE_TIMER: TimerFields = {
  state: 'idle',
  sessionId: null,
  durationMinutes: 25,
  endsAt: null,
  remainingSeconds: null,
  taskId: null,
};

/** Whole seconds left of a running timer at `at` (never below 0); a paused timer's are what it kept. */
export function secondsLeft(timer: TimerFields, at: Date): number | null {
  if (timer.state === 'running' && timer.endsAt) {
    return Math.max(0, Math.ceil((timer.endsAt.getTime() - at.getTime()) / 1000));
  }
  return timer.state === 'paused' ? timer.remainingSeconds : null;
}

/**
 * The one state machine of the shared timer: idle → start → running; running ⇄ paused by pause and resume;
 * running or paused → idle by reset (the session stays incomplete) or by complete. A running timer whose end has
 * passed is still running (at 0) until a device completes or resets it: it can no longer be paused, resumed or
 * started over.
 */
export function decideTimerMove(
  timer: TimerFields,
  action: 'start' | 'pause' | 'resume' | 'reset' | 'complete',
  at: Date,
): TimerMove {
  const ended = timer.state === 'running' && (secondsLeft(timer, at) ?? 0) === 0;
  switch (action) {
    case 'start':
      if (timer.state === 'idle') return { kind: 'start' };
      if (ended) return refused('server.pomodoro.timerEnded');
      return refused(
        timer.state === 'paused' ? 'server.pomodoro.timerPaused' : 'server.pomodoro.timerRunning',
      );
    case 'pause':
      if (ended) return refused('server.pomodoro.timerEnded');
      if (timer.state !== 'running') return refused('server.pomodoro.timerNotRunning');
      return { kind: 'pause', remainingSeconds: secondsLeft(timer, at) ?? 0 };
    case 'resume':
      if (ended) return refused('server.pomodoro.timerEnded');
      if (timer.state !== 'paused') return refused('server.pomodoro.timerNotPaused');
      return { kind: 'resume', endsAt: new Date(at.getTime() + (timer.remainingSeconds ?? 0) * 1000) };
    case 'reset':
      if (timer.state === 'idle') return refused('server.pomodoro.timerIdle');
      return { kind: 'reset' };
    case 'complete':
      if (timer.state === 'idle') return refused('server.pomodoro.timerIdle');
      return { kind: 'complete', sessionId: timer.sessionId };
  }
}

function refused(reason: TimerRefusal): TimerMove {
  return { kind: 'refused', reason };
}
