import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { errorBody } from './errors.ts';
import { say } from './request-language.ts';

/**
 * What an error that escaped a route means, for the answer `onError` gives. Driver and file-system
 * errors are wrapped (Drizzle puts the driver's error in `cause`), so the whole cause chain is looked at.
 * - `busy`: too many requests already wait for a database connection (bounded-pool.ts): 503 at once.
 * - `unavailable`: the database cannot be reached or is restarting (refused, reset, pool timeout, shutting down,
 *   too many connections): try again shortly, 503.
 * - `storage_full`: the database's or the media store's disk is full (SQLSTATE 53100, ENOSPC, EDQUOT): 507,
 *   nothing was written (a transaction rolled back, a stored file removed).
 * - `refused_value`: PostgreSQL refused a value as data (class 22: out of range, bad encoding, bad text form). The
 *   edge refuses such input first (storable-text.ts, row-id.ts); this is the net under it, a 400 and a warning
 *   so the gap gets closed, never a 500.
 */
export type FailureKind = 'busy' | 'unavailable' | 'storage_full' | 'refused_value';

const STORAGE_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);
const UNAVAILABLE_CODE = /^(ECONNREFUSED|ECONNRESET|EPIPE|ENOENT|57P0[1-3]|08\d{3}|53\d{3})$/;
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Cannot use a pool after calling end|not queryable/i;
const REFUSED_VALUE_CODE = /^22[0-9A-Z]{3}$/;

export function failureKindOf(error: unknown): FailureKind | null {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code === 'LUMARA_DATABASE_BUSY') return 'busy';
      if (STORAGE_FULL_CODES.has(code)) return 'storage_full';
      if (UNAVAILABLE_CODE.test(code)) return 'unavailable';
      if (REFUSED_VALUE_CODE.test(code)) return 'refused_value';
    }
    if (/No space left on device/i.test(current.message)) return 'storage_full';
    if (UNAVAILABLE_MESSAGE.test(current.message)) return 'unavailable';
  }
  return null;
}

/**
 * The innermost error's message: what the driver or the file system said. Drizzle's own message repeats the
 * query with its parameters, members' text included, which has no place in a log line.
 */
export function rootCauseMessage(error: Error): string {
  let current: Error = error;
  for (let depth = 0; current.cause instanceof Error && depth < 5; depth++) current = current.cause;
  return current.message;
}

/** The answer to a failure that is not a bug, logged at the level it deserves (never with the query's text). */
export function answerFailure(c: Context<AppEnv>, failure: FailureKind, error: Error): Response {
  const logger = c.get('logger');
  const err = rootCauseMessage(error);
  if (failure === 'busy') {
    logger?.warn({ err }, 'database busy: request refused');
    c.header('Retry-After', '1');
    return c.json(errorBody('server_busy', say('server.http.busy')), 503);
  }
  if (failure === 'unavailable') {
    logger?.error({ err }, 'database unavailable');
    c.header('Retry-After', '2');
    return c.json(errorBody('database_unavailable', say('server.http.databaseUnavailable')), 503);
  }
  if (failure === 'storage_full') {
    logger?.error({ err }, 'storage full: a write was refused');
    return c.json(errorBody('storage_full', say('server.http.storageFull')), 507);
  }
  logger?.warn(
    { err, method: c.req.method, path: c.req.path },
    'the database refused a value the edge let through',
  );
  return c.json(errorBody('bad_request', say('server.http.unstorableValue')), 400);
}
