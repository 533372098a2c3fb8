import { describe, expect, it } from 'vitest';
import {
  canStart,
  formatClock,
  idleCountdown,
  pauseCountdown,
  resetCountdown,
  startCountdown,
  syncCountdown,
} from './countdown.ts';

const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);

describe('countdown', () => {
  it('formats time left as mm:ss', () => {
    expect(formatClock(1500)).toBe('25:00');
    expect(formatClock(899)).toBe('14:59');
    expect(formatClock(59)).toBe('00:59');
    expect(formatClock(0)).toBe('00:00');
  });

  it('derives time left from the end time, so a long gap between ticks loses nothing', () => {
    const running = startCountdown(idleCountdown(1500), T0);
    expect(running).toEqual({ status: 'running', secondsLeft: 1500, endsAt: T0 + 1_500_000 });
    expect(syncCountdown(running, T0 + 999).secondsLeft).toBe(1500);
    expect(syncCountdown(running, T0 + 1000).secondsLeft).toBe(1499);
    // A background tab woken after ten minutes.
    expect(syncCountdown(running, T0 + 600_000).secondsLeft).toBe(900);
  });

  it('completes at 0 and cannot start again there', () => {
    const running = startCountdown(idleCountdown(1500), T0);
    const done = syncCountdown(running, T0 + 2_000_000);
    expect(done).toEqual({ status: 'complete', secondsLeft: 0, endsAt: null });
    expect(canStart(done)).toBe(false);
    expect(startCountdown(done, T0)).toBe(done);
  });

  it('pauses with the time left and resumes from it', () => {
    const paused = pauseCountdown(startCountdown(idleCountdown(1500), T0), T0 + 61_000);
    expect(paused).toEqual({ status: 'paused', secondsLeft: 1439, endsAt: null });
    expect(startCountdown(paused, T0 + 999_000)).toEqual({
      status: 'running',
      secondsLeft: 1439,
      endsAt: T0 + 999_000 + 1_439_000,
    });
  });

  it('answers the same object when the shown second has not changed', () => {
    const running = startCountdown(idleCountdown(1500), T0);
    expect(syncCountdown(running, T0 + 10)).toBe(running);
  });

  it('resets to the full duration', () => {
    expect(resetCountdown(1500)).toEqual({ status: 'reset', secondsLeft: 1500, endsAt: null });
  });
});
