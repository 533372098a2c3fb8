import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAiCallLimiter, waitOf } from './ai-call-limits.ts';

/** The AI limiter's two windows, a minute and a day, on vitest's clock (the in-memory store reads Date.now). */

describe('createAiCallLimiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses past the minute, then past the day; a call the minute refused costs none of the day', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(Date.parse('2026-11-22T09:00:00Z'));
    const limiter = createAiCallLimiter({ rateLimitPerMinute: 2, dailyCallsPerMember: 3 });
    expect(await limiter.take('AI:1')).toBeNull();
    expect(await limiter.take('AI:1')).toBeNull();
    expect(await limiter.take('AI:1')).toEqual({ retryAfterSeconds: 60 });

    vi.advanceTimersByTime(60_000);
    expect(await limiter.take('AI:1')).toBeNull();
    expect(await limiter.take('AI:1')).toEqual({
      retryAfterSeconds: 86_340,
      message: 'Daily AI limit reached (3 calls): try again in 23 h 59 min',
    });
    expect(await limiter.take('AI:2')).toBeNull();

    vi.advanceTimersByTime(86_340_000);
    expect(await limiter.take('AI:1')).toBeNull();
  });
});

describe('waitOf', () => {
  it.each([
    [1, '1 s'],
    [59, '59 s'],
    [60, '1 min'],
    [61, '2 min'],
    [3_600, '1 h'],
    [12_000, '3 h 20 min'],
    [86_400, '24 h'],
  ])('%i s reads %j', (seconds, words) => {
    expect(waitOf(seconds)).toBe(words);
  });
});
