import { describe, expect, it } from 'vitest';
import type { PomodoroTimer } from '#shared/pomodoro.ts';
import {
  applyTimerAction,
  countdownOf,
  IDLE_TIMER,
  newerTimer,
  runKeyOf,
  timerWithActions,
} from './shared-timer.ts';

const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

const running: PomodoroTimer = {
  ...IDLE_TIMER,
  state: 'running',
  session_id: 41,
  ends_at: iso(T0 + 1_500_000),
  remaining_seconds: 1500,
  version: 3,
};

describe('the shared timer as a tab sees it', () => {
  it('keeps the newest version it has heard of', () => {
    const paused: PomodoroTimer = { ...running, state: 'paused', ends_at: null, version: 4 };
    expect(newerTimer(undefined, running)).toBe(running);
    expect(newerTimer(running, paused)).toBe(paused);
    expect(newerTimer(paused, running)).toBe(paused);
    expect(newerTimer(running, { ...running })).toBe(running);
  });

  it('applies a start, a pause and a resume as the server would, dated when they were made', () => {
    const started = applyTimerAction(IDLE_TIMER, { action: 'start', madeAt: T0 });
    expect(started).toMatchObject({ state: 'running', session_id: null, ends_at: iso(T0 + 1_500_000) });
    const paused = applyTimerAction(started, { action: 'pause', madeAt: T0 + 60_500 });
    expect(paused).toMatchObject({ state: 'paused', ends_at: null, remaining_seconds: 1440 });
    const resumed = applyTimerAction(paused, { action: 'resume', madeAt: T0 + 600_000 });
    expect(resumed).toMatchObject({ state: 'running', ends_at: iso(T0 + 600_000 + 1_440_000) });
    // Unanswered actions apply in order; the version stays the server's.
    expect(
      timerWithActions(IDLE_TIMER, [
        { action: 'start', madeAt: T0 },
        { action: 'pause', madeAt: T0 + 60_500 },
        { action: 'resume', madeAt: T0 + 600_000 },
      ]),
    ).toEqual(resumed);
    expect(resumed.version).toBe(0);
  });

  it('changes nothing for what the server would refuse or ignore', () => {
    expect(applyTimerAction(running, { action: 'start', madeAt: T0 })).toBe(running);
    expect(applyTimerAction(running, { action: 'resume', madeAt: T0 })).toBe(running);
    expect(applyTimerAction(IDLE_TIMER, { action: 'pause', madeAt: T0 })).toBe(IDLE_TIMER);
    expect(applyTimerAction(IDLE_TIMER, { action: 'complete', madeAt: T0 })).toBe(IDLE_TIMER);
    // Past its end a run can no longer be paused.
    expect(applyTimerAction(running, { action: 'pause', madeAt: T0 + 1_500_000 })).toBe(running);
    // Meant for another run (the server moved on): nothing.
    expect(applyTimerAction(running, { action: 'reset', madeAt: T0, sessionId: 40 })).toBe(running);
    // The server already has this tab's start (its live event came first): the start changes nothing more.
    expect(timerWithActions(running, [{ action: 'start', madeAt: T0 }])).toBe(running);
  });

  it('goes idle on reset and complete, keeping the version', () => {
    for (const action of ['reset', 'complete'] as const) {
      expect(applyTimerAction(running, { action, madeAt: T0, sessionId: 41 })).toEqual({
        ...IDLE_TIMER,
        version: 3,
      });
    }
  });

  it('shows a run counting down from its end, complete at 0, and full or complete when idle', () => {
    expect(countdownOf(running, false, T0 + 999)).toEqual({
      status: 'running',
      secondsLeft: 1500,
      endsAt: T0 + 1_500_000,
    });
    expect(countdownOf(running, false, T0 + 600_000).secondsLeft).toBe(900);
    expect(countdownOf(running, false, T0 + 1_500_000)).toEqual({
      status: 'complete',
      secondsLeft: 0,
      endsAt: null,
    });
    expect(
      countdownOf({ ...running, state: 'paused', ends_at: null, remaining_seconds: 61 }, false, T0),
    ).toEqual({ status: 'paused', secondsLeft: 61, endsAt: null });
    expect(countdownOf(IDLE_TIMER, false, T0)).toEqual({ status: 'idle', secondsLeft: 1500, endsAt: null });
    expect(countdownOf(IDLE_TIMER, true, T0)).toEqual({ status: 'complete', secondsLeft: 0, endsAt: null });
  });

  it('names a run by its session, or by its end before the server has answered', () => {
    expect(runKeyOf(running)).toBe('session:41');
    expect(runKeyOf(applyTimerAction(IDLE_TIMER, { action: 'start', madeAt: T0 }))).toBe(
      `local:${iso(T0 + 1_500_000)}`,
    );
    expect(runKeyOf(IDLE_TIMER)).toBeNull();
  });
});
