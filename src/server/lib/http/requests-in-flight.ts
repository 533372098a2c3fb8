import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from './errors.ts';
import { say } from './request-language.ts';

/**
 * Caps the requests one browser has in flight at once, before anything reaches the database.
 * Without it, a member opening 500 tabs (or a script replaying a session) sends hundreds of requests at once, each
 * of which waits for a database connection: the queue fills and other members get 503s and slow answers. A page
 * sends a handful at a time (6 at most over HTTP/1.1; tens over HTTP/2), so the cap only meets a flood. `keyOf`
 * names the browser: its session once the database has vouched for it (`vouchedSessions`), its address until
 * then, so made-up cookies, each of which costs a session look-up, share one allowance instead of getting one
 * each. A streamed answer (live events, streamed chat) counts until its response starts; streams have their own
 * cap.
 */
export function limitRequestsInFlight(options: { keyOf: (c: Context) => string; max: number }) {
  const inFlight = new Map<string, number>();
  return createMiddleware(async (c, next) => {
    const key = options.keyOf(c);
    const current = inFlight.get(key) ?? 0;
    if (current >= options.max) {
      throw new AppError('rate_limited', say('server.rateLimit.inFlight'), {
        headers: { 'Retry-After': '1' },
      });
    }
    inFlight.set(key, current + 1);
    try {
      await next();
    } finally {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left === 0) inFlight.delete(key);
      else inFlight.set(key, left);
    }
  });
}

/** Sessions vouched for are remembered this long after their last check, and this many at most. */
const VOUCHED_FOR_MS = 10 * 60_000;
const MAX_VOUCHED = 50_000;

/**
 * The sessions this server's database recently vouched for (by the hash of their token): they get an allowance
 * of requests in flight of their own. Kept in the order of their last check, so the oldest go first when full;
 * a session ended on another server keeps its allowance here until its entry runs out, which grants nothing but
 * that allowance (every request still checks the session).
 */
export function createVouchedSessions(now: () => number = Date.now) {
  const checkedAt = new Map<string, number>();
  return {
    vouch(tokenHash: string): void {
      checkedAt.delete(tokenHash);
      checkedAt.set(tokenHash, now());
      if (checkedAt.size > MAX_VOUCHED) {
        const oldest = checkedAt.keys().next().value;
        if (oldest !== undefined) checkedAt.delete(oldest);
      }
    },
    has(tokenHash: string): boolean {
      const at = checkedAt.get(tokenHash);
      if (at === undefined) return false;
      if (now() - at <= VOUCHED_FOR_MS) return true;
      checkedAt.delete(tokenHash);
      return false;
    },
  };
}

export type VouchedSessions = ReturnType<typeof createVouchedSessions>;
