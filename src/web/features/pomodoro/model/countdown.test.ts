import { describe, expect, it } from 'vitest';
import { canStart, formatClock, idleCountdown } from './countdown.ts';

describe('countdown', () => {
  it('formats time left as mm:ss', () => {
    expect(formatClock(1500)).toBe('25:00');
    expect(formatClock(899)).toBe('14:59');
    expect(formatClock(59)).toBe('00:59');
    expect(formatClock(0)).toBe('00:00');
  });

  it('offers Start unless running, and never at 0', () => {
    expect(canStart(idleCountdown(1500))).toBe(true);
    expect(canStart({ status: 'paused', secondsLeft: 30, endsAt: null })).toBe(true);
    expect(canStart({ status: 'running', secondsLeft: 30, endsAt: 1 })).toBe(false);
    expect(canStart({ status: 'complete', secondsLeft: 0, endsAt: null })).toBe(false);
  });
});
