import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
} from 'rate-limiter-flexible';
import type { AppEnv } from '#server/lib/http/app-env.ts';
import { AppError } from '#server/lib/http/errors.ts';
import type { Localized } from '#shared/texts.ts';
import { type ServerTextKey, say } from '../http/request-language.ts';
import type { Logger } from './logger.ts';

/**
 * Fixed-window counting per key on `rate-limiter-flexible`: in this process by default, on Redis when the server
 * has one, so every server behind a load balancer counts against the same budget. A window starts
 * at a key's first use and lasts `windowMs`; Retry-After is the time left in it, rounded up to whole seconds.
 * Used per member (AI calls, posts, comments, media and picture saves) so one member cannot run up the provider
 * bill or flood the community. When Redis does not answer, each server counts in its own memory until it does
 * (decision 0022).
 */
export type RateLimiter = {
  /** Counts one use; answers how long to wait when the key is over its limit, else null. */
  take(key: string): Promise<Refusal | null>;
};

/** A limiter's no: how long to wait, and what to tell the member when the limiter has its own words for it. */
export type Refusal = { retryAfterSeconds: number; message?: Localized };

/** Where limits are counted when the servers share a Redis. */
export type RedisLimits = {
  /** The server's one ioredis client; its owner connects, listens for its errors and closes it. */
  client: Redis;
  /**
   * Put before every key ('lumara' in production). Keys hold member ids, and ids repeat across fresh test
   * databases, so each test run needs its own prefix or it meets another run's counters.
   */
  keyPrefix: string;
  /** Told when limits fall back to per-server counting and when Redis answers again. */
  logger: Logger;
};

/**
 * How long one count may wait for Redis before this server counts it in memory. A Redis that stops answering
 * without closing the connection would otherwise hold every limited request until the socket times out.
 */
export const REDIS_LIMIT_TIMEOUT_MS = 500;

/** While falling back, the warning is repeated this often, so an outage stays visible without a line per request. */
const OUTAGE_REMINDER_MS = 60_000;

export function createFixedWindowLimiter(options: {
  limit: number;
  windowMs: number;
  /**
   * The app's clock, for the in-memory store only. rate-limiter-flexible reads `Date.now`, so a test clock
   * moved past a window would not end it; with a clock given, the window's start is also kept on that clock
   * and a key whose window has run out on it starts afresh. Tests that pass no clock can move `Date` with
   * vitest's fake timers instead. On Redis the window is the key's TTL on Redis's clock, the one clock every
   * server shares, and this clock is not read.
   */
  now?: () => number;
  /** Count on this Redis instead of in memory. */
  redis?: RedisLimits;
  /** This limiter's part of the Redis key (after `redis.keyPrefix`), so two limiters never share counters. */
  prefix?: string;
}): RateLimiter {
  // rate-limiter-flexible's windows are whole seconds (Redis's EXPIRE is), so refuse what it would round.
  if (!Number.isInteger(options.windowMs / 1000) || options.windowMs < 1000) {
    throw new Error(`A limiter's window is a whole number of seconds, not ${options.windowMs} ms`);
  }
  const points: IRateLimiterOptions = { points: options.limit, duration: options.windowMs / 1000 };
  if (options.redis) return redisLimiter(options.redis, points, options.prefix ?? 'limit');
  if (options.now) return memoryLimiterOnClock(new RateLimiterMemory(points), options.windowMs, options.now);
  const memory = new RateLimiterMemory(points);
  return { take: (key) => verdictOf(memory.consume(key)) };
}

/**
 * Counts a use against each limiter in turn and answers the first refusal; a use refused by one is not counted
 * by those after it (a member held back by the minute's limit spends none of the day's).
 */
export function inTurn(...limiters: RateLimiter[]): RateLimiter {
  return {
    async take(key) {
      for (const limiter of limiters) {
        const refusal = await limiter.take(key);
        if (refusal) return refusal;
      }
      return null;
    },
  };
}

/** `limiter`, its refusals told to the member in its own words. */
export function describedAs(
  limiter: RateLimiter,
  words: { message: (retryAfterSeconds: number) => Localized },
): RateLimiter {
  return {
    async take(key) {
      const refusal = await limiter.take(key);
      return refusal && { ...refusal, message: words.message(refusal.retryAfterSeconds) };
    },
  };
}

/**
 * What a limiter counts (the first part of its keys), and the refusal it answers by default: "Too many AI
 * requests: try again in 12 s", each worded whole in src/server/messages.
 */
const tooManyRequests = {
  AI: 'server.rateLimit.ai',
  'sign-in': 'server.rateLimit.signIn',
  post: 'server.rateLimit.post',
  comment: 'server.rateLimit.comment',
  'picture save': 'server.rateLimit.pictureSave',
  import: 'server.rateLimit.import',
  'media save': 'server.rateLimit.mediaSave',
} as const satisfies Record<string, ServerTextKey>;
type Limited = keyof typeof tooManyRequests;

/** 429 with Retry-After once the signed-in member is over the limiter's budget. Runs after `requireMember`. */
export function limitPerMember(limiter: RateLimiter, what: Limited) {
  return limitBy(limiter, what, (c) => String(c.get('member').user.id));
}

/**
 * The same for a route anyone may call (signing in): counted per client address (client-address.ts), since
 * there is no member yet and a cookie is the caller's to make up.
 */
export function limitPerAddress(limiter: RateLimiter, what: Limited, addressOf: (c: Context) => string) {
  return limitBy(limiter, what, addressOf);
}

function limitBy(limiter: RateLimiter, what: Limited, keyOf: (c: Context<AppEnv>) => string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const verdict = await limiter.take(`${what}:${keyOf(c)}`);
    if (verdict) {
      throw new AppError(
        'rate_limited',
        verdict.message ?? say(tooManyRequests[what], { seconds: verdict.retryAfterSeconds }),
        { headers: { 'Retry-After': String(verdict.retryAfterSeconds) } },
      );
    }
    await next();
  });
}

function retryAfter(msBeforeNext: number): Refusal {
  return { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}

/** The library refuses an over-limit key by rejecting with its result; any other rejection is a real failure. */
async function verdictOf(consumed: Promise<RateLimiterRes>): Promise<Refusal | null> {
  try {
    await consumed;
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return retryAfter(refusal.msBeforeNext);
    throw refusal;
  }
}

function memoryLimiterOnClock(memory: RateLimiterMemory, windowMs: number, now: () => number): RateLimiter {
  // Window starts on the app's clock, per key; forgotten once over so idle members cost no memory.
  const startedAt = new Map<string, number>();
  let lastSweep = now();
  return {
    async take(key) {
      const at = now();
      if (at - lastSweep > windowMs) {
        for (const [k, start] of startedAt) {
          if (at - start < windowMs) continue;
          startedAt.delete(k);
          // Synchronous in memory (the promise only wraps the answer): the library's count goes with it.
          void memory.delete(k);
        }
        lastSweep = at;
      }
      const start = startedAt.get(key);
      if (start !== undefined && at - start >= windowMs) {
        await memory.delete(key);
        startedAt.delete(key);
      }
      try {
        const counted = await memory.consume(key);
        if (counted.isFirstInDuration || !startedAt.has(key)) startedAt.set(key, at);
        return null;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const begun = startedAt.get(key);
        return retryAfter(begun === undefined ? refusal.msBeforeNext : begun + windowMs - at);
      }
    },
  };
}

/** What one Redis client's limiters have seen of it, so five limiters report one outage once. */
type OutageState = { fallbacks: number; since: number | null; lastWarnedAt: number };
const outages = new WeakMap<Redis, OutageState>();

/** The in-memory limiter rate-limiter-flexible turns to when Redis fails; it reports each use. */
class ReportedInsurance extends RateLimiterMemory {
  readonly #onUse: () => void;
  constructor(options: IRateLimiterOptions, onUse: () => void) {
    super(options);
    this.#onUse = onUse;
  }
  override consume(key: string | number, pointsToConsume?: number, options?: { [key: string]: unknown }) {
    this.#onUse();
    return super.consume(key, pointsToConsume, options);
  }
}

function redisLimiter(redis: RedisLimits, points: IRateLimiterOptions, prefix: string): RateLimiter {
  const { client, logger } = redis;
  let outage = outages.get(client);
  if (!outage) {
    outage = { fallbacks: 0, since: null, lastWarnedAt: 0 };
    outages.set(client, outage);
  }
  const state = outage;
  const keyPrefix = `${redis.keyPrefix}:limits:${prefix}`;
  const insurance = new ReportedInsurance(points, () => {
    state.fallbacks += 1;
    const at = Date.now();
    if (state.since === null || at - state.lastWarnedAt >= OUTAGE_REMINDER_MS) {
      state.since ??= at;
      state.lastWarnedAt = at;
      logger.warn(
        { redisStatus: client.status, limiter: keyPrefix, fallbacks: state.fallbacks, since: state.since },
        'Redis did not answer: per-member limits count on this server only until it does',
      );
    }
  });
  const store = new RateLimiterRedis({
    ...points,
    storeClient: client,
    keyPrefix,
    // ioredis, not node-redis: the library then defines its script with defineCommand and reads ioredis replies.
    useRedisPackage: false,
    // A client that is reconnecting would queue the command; count in memory at once instead.
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  });
  const limiter = new RLWrapperTimeouts({
    limiter: store,
    timeoutMs: REDIS_LIMIT_TIMEOUT_MS,
    insuranceLimiter: insurance,
  });
  return {
    async take(key) {
      const fallbacksBefore = state.fallbacks;
      const verdict = await verdictOf(limiter.consume(key));
      // Counted on Redis while an outage was open: say so once (another call may still have fallen back
      // meanwhile; then the next one says it).
      if (state.since !== null && state.fallbacks === fallbacksBefore && client.status === 'ready') {
        logger.info(
          { limiter: keyPrefix, fallbacks: state.fallbacks, outageMs: Date.now() - state.since },
          'Redis answers again: per-member limits count across servers',
        );
        state.since = null;
        state.fallbacks = 0;
      }
      return verdict;
    },
  };
}
