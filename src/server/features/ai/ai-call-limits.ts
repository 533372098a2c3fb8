import type { AiConfig } from '#server/config.ts';
import { say } from '#server/lib/http/request-language.ts';
import {
  createFixedWindowLimiter,
  describedAs,
  inTurn,
  type RateLimiter,
  type RedisLimits,
} from '#server/lib/infra/rate-limiter.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The one AI limiter every request that reaches a provider counts against (chat, the optimizer, the community
 * helpers, research, generation starts, avatar generation): `AI_RATE_LIMIT_PER_MINUTE` a minute, then
 * `AI_DAILY_CALLS_PER_MEMBER` a day, each a window from the member's first call in it. Counted on Redis when the
 * servers share one, in this process otherwise (decision 0022). A refusal is 429 with the window's time left.
 */
export function createAiCallLimiter(
  config: Pick<AiConfig, 'rateLimitPerMinute' | 'dailyCallsPerMember'>,
  redis?: RedisLimits,
): RateLimiter {
  const on = (prefix: string) => (redis ? { redis, prefix } : {});
  const perMinute = createFixedWindowLimiter({
    limit: config.rateLimitPerMinute,
    windowMs: MINUTE_MS,
    ...on('ai'),
  });
  const perDay = createFixedWindowLimiter({
    limit: config.dailyCallsPerMember,
    windowMs: DAY_MS,
    ...on('ai-daily'),
  });
  return inTurn(
    perMinute,
    describedAs(perDay, {
      message: (retryAfterSeconds) =>
        say('server.rateLimit.aiDaily', {
          calls: config.dailyCallsPerMember,
          wait: waitOf(retryAfterSeconds),
        }),
    }),
  );
}

/** A wait in words a member reads at a glance: `40 s`, `25 min`, `3 h 20 min`. */
export function waitOf(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
