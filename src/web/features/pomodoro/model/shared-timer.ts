import { POMODORO, type PomodoroTimer, type timerActions } from '#shared/pomodoro.ts';
import { type Countdown, idleCountdown } from './countdown.ts';

/**
 * The member's one timer as this tab sees it: the newest timer the server answered or announced, with the
 * actions this tab made that the server has not answered yet (in flight, or kept while offline) applied on top,
 * by the same rules the server applies (pomodoro-timer.rules.ts). So an action shows at once, offline too, and
 * the server's answer takes over without a jump.
 */
export type TimerActionName = (typeof timerActions)[number];

/** One action as the member made it: kept with the write, so the view and a late send both know when. */
export type TimerAction = {
  action: TimerActionName;
  /** When the member acted (epoch ms). */
  madeAt: number;
  /** The run it is meant for, when the server had named it (`session_id`). */
  sessionId?: number;
};

/** What the server answers a member who never used the timer. */
export const IDLE_TIMER: PomodoroTimer = {
  state: 'idle',
  session_id: null,
  duration_minutes: POMODORO.durationMinutes,
  ends_at: null,
  remaining_seconds: null,
  task_id: null,
  version: 0,
};

/** The newer of two timers: a device keeps the highest version it has heard of. */
export function newerTimer(current: PomodoroTimer | undefined, incoming: PomodoroTimer): PomodoroTimer {
  return current === undefined || incoming.version > current.version ? incoming : current;
}

function endsAtOf(timer: PomodoroTimer): number | null {
  return timer.state === 'running' && timer.ends_at !== null ? Date.parse(timer.ends_at) : null;
}

/** `timer` after `action`, or `timer` itself when the server would refuse it (409) or ignore it. */
export function applyTimerAction(
  timer: PomodoroTimer,
  { action, madeAt, sessionId }: TimerAction,
): PomodoroTimer {
  if (action !== 'start' && sessionId !== undefined && sessionId !== timer.session_id) return timer;
  const endsAt = endsAtOf(timer);
  const ended = endsAt !== null && endsAt <= madeAt;
  const idle: PomodoroTimer = { ...IDLE_TIMER, version: timer.version };
  switch (action) {
    case 'start':
      if (timer.state !== 'idle') return timer;
      return {
        ...idle,
        state: 'running',
        ends_at: new Date(madeAt + POMODORO.durationSeconds * 1000).toISOString(),
        remaining_seconds: POMODORO.durationSeconds,
      };
    case 'pause':
      if (timer.state !== 'running' || ended || endsAt === null) return timer;
      return {
        ...timer,
        state: 'paused',
        ends_at: null,
        remaining_seconds: Math.ceil((endsAt - madeAt) / 1000),
      };
    case 'resume':
      if (timer.state !== 'paused') return timer;
      return {
        ...timer,
        state: 'running',
        ends_at: new Date(madeAt + (timer.remaining_seconds ?? 0) * 1000).toISOString(),
      };
    case 'reset':
    case 'complete':
      return timer.state === 'idle' ? timer : idle;
  }
}

/** The server's timer with this tab's unanswered actions applied, in the order they were made. */
export function timerWithActions(timer: PomodoroTimer, actions: readonly TimerAction[]): PomodoroTimer {
  return actions.reduce(applyTimerAction, timer);
}

/**
 * What the timer shows at `now`: a running timer counts down from its end (never from counted ticks, so a
 * throttled background tab is exact when it wakes) and is complete at 0; an idle one is complete while this
 * tab still shows the run it saw end (`finished`), else full.
 */
export function countdownOf(timer: PomodoroTimer, finished: boolean, now: number): Countdown {
  const endsAt = endsAtOf(timer);
  if (endsAt !== null) {
    const secondsLeft = Math.ceil((endsAt - now) / 1000);
    return secondsLeft > 0
      ? { status: 'running', secondsLeft, endsAt }
      : { status: 'complete', secondsLeft: 0, endsAt: null };
  }
  if (timer.state === 'paused') {
    return { status: 'paused', secondsLeft: timer.remaining_seconds ?? 0, endsAt: null };
  }
  return finished
    ? { status: 'complete', secondsLeft: 0, endsAt: null }
    : idleCountdown(timer.duration_minutes * 60);
}

/** Names a run while it lasts: its session, or (started here and not answered yet) its end. */
export function runKeyOf(timer: PomodoroTimer): string | null {
  if (timer.state === 'idle') return null;
  return timer.session_id !== null ? `session:${timer.session_id}` : `local:${timer.ends_at}`;
}
