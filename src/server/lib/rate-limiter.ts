import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/app-env.ts';
import { AppError } from './errors.ts';

/**
 * Fixed-window counting per key, in this process. Used per member on the AI routes so one member cannot run up
 * the provider bill. Behind a load balancer each server counts on its own (the limit is per server); the
 * `RateLimiter` shape is what a Redis-backed counter would fill when `REDIS_URL` arrives with the events issue.
 */
export type RateLimiter = {
  /** Counts one use; answers how long to wait when the key is over its limit, else null. */
  take(key: string): { retryAfterSeconds: number } | null;
};

export function createFixedWindowLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();

  return {
    take(key) {
      const at = now();
      // Forget finished windows now and then, so idle members cost no memory.
      if (at - lastSweep > options.windowMs) {
        for (const [k, window] of windows) if (at - window.startedAt >= options.windowMs) windows.delete(k);
        lastSweep = at;
      }
      let window = windows.get(key);
      if (!window || at - window.startedAt >= options.windowMs) {
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= options.limit) return null;
      return { retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + options.windowMs - at) / 1000)) };
    },
  };
}

/** 429 with Retry-After once the signed-in member is over the limiter's budget. Runs after `requireMember`. */
export function limitPerMember(limiter: RateLimiter, what: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const verdict = limiter.take(`${what}:${c.get('member').user.id}`);
    if (verdict) {
      throw new AppError(
        'rate_limited',
        `Too many ${what} requests: try again in ${verdict.retryAfterSeconds} s`,
        { headers: { 'Retry-After': String(verdict.retryAfterSeconds) } },
      );
    }
    await next();
  });
}
