import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from './errors.ts';

/**
 * Caps the requests one signed-in browser has in flight at once (issue 13), before anything reaches the database.
 * Without it, a member opening 500 tabs (or a script replaying a session) sends hundreds of requests at once, each
 * of which waits for a database connection: the queue fills and other members get 503s and slow answers. A page
 * sends a handful at a time (6 at most over HTTP/1.1; tens over HTTP/2), so the cap only meets a flood. `keyOf` names the browser
 * (its session token); requests without one are not counted (they are refused without a database look-up). A
 * streamed answer (live events, streamed chat) counts until its response starts; streams have their own cap.
 */
export function limitRequestsInFlight(options: { keyOf: (c: Context) => string | undefined; max: number }) {
  const inFlight = new Map<string, number>();
  return createMiddleware(async (c, next) => {
    const key = options.keyOf(c);
    if (!key) return next();
    const current = inFlight.get(key) ?? 0;
    if (current >= options.max) {
      throw new AppError('rate_limited', 'Too many requests at once from this browser. Try again shortly.', {
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
