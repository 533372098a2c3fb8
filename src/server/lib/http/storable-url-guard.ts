import { createMiddleware } from 'hono/factory';
import { unstorableReason } from '#server/lib/data/storable-text.ts';
import type { Localized } from '#shared/texts.ts';
import { AppError } from './errors.ts';
import { say } from './request-language.ts';

/**
 * Refuses a path or query string holding text PostgreSQL cannot store (storable-text.ts): `?q=%00` or a `%00`
 * path segment would otherwise reach a query and fail there as a 500. Answers 400 naming the query key, or
 * `path`, before any route runs. (A URL cannot carry a lone surrogate: invalid UTF-8 decodes to U+FFFD.)
 */
export function storableUrlGuard() {
  return createMiddleware(async (c, next) => {
    // Printable ASCII with no `%` decodes to itself and holds neither a NUL nor a surrogate: nothing to refuse, and
    // no URL to parse, which most requests then skip.
    if (PLAIN_URL.test(c.req.url)) return next();
    const url = new URL(c.req.url);
    for (const segment of url.pathname.split('/')) {
      const reason = unstorableReason(decodeSegment(segment));
      if (reason) throw refusal('path', reason);
    }
    for (const [key, value] of url.searchParams) {
      const keyReason = unstorableReason(key);
      if (keyReason) throw refusal('(query)', keyReason);
      const reason = unstorableReason(value);
      if (reason) throw refusal(key, reason);
    }
    await next();
  });
}

/** Printable ASCII but `%` (and the space, which a URL cannot hold raw). */
const PLAIN_URL = /^[!-$&-~]*$/;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: the router keeps it as it came, plain ASCII that any column can store.
    return segment;
  }
}

const refusal = (field: string, reason: Localized) =>
  new AppError('validation_failed', say('server.validation.failed'), { fields: { [field]: reason } });
