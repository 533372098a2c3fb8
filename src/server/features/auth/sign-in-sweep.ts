import { inArray, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/database.ts';
import { sessions, signInAttempts } from '#server/db/schema.ts';
import type { Logger } from '#server/lib/infra/logger.ts';

/** How often each server sweeps; the first sweep runs at start-up. */
export const SIGN_IN_SWEEP_MS = 15 * 60_000;
/** Rows one statement deletes, and statements one sweep runs at most: a backlog goes over the next sweeps. */
const BATCH = 1_000;
const BATCHES_PER_SWEEP = 20;

/**
 * Deletes ended sessions and abandoned sign-in attempts. A session is refused once past either expiry when it is
 * used, but one never used again would stay forever; an attempt is swept when a new one starts, which may not
 * happen for a long while. `expires_at` alone decides: it slides but never passes `absolute_expires_at`
 * (sessions.service.ts), and it is indexed. Any number of servers may sweep at once: each batch takes its rows
 * with `FOR UPDATE SKIP LOCKED`, so two sweeps never wait on each other's rows, and a row deleted twice is no
 * harm.
 */
export async function sweepExpiredSignIns(
  db: Db,
  now: Date,
): Promise<{ sessions: number; attempts: number }> {
  const sessionsSwept = await inBatches(async () => {
    const expired = expiredRows(db, sessions, sessions.tokenHash, sessions.expiresAt, now);
    const ended = await db
      .delete(sessions)
      .where(inArray(sessions.tokenHash, expired))
      .returning({ key: sessions.tokenHash });
    return ended.length;
  });
  const attemptsSwept = await inBatches(async () => {
    const expired = expiredRows(db, signInAttempts, signInAttempts.stateHash, signInAttempts.expiresAt, now);
    const abandoned = await db
      .delete(signInAttempts)
      .where(inArray(signInAttempts.stateHash, expired))
      .returning({ key: signInAttempts.stateHash });
    return abandoned.length;
  });
  return { sessions: sessionsSwept, attempts: attemptsSwept };
}

/** One batch of a table's rows past their expiry, locked for this sweep and skipped by the others. */
function expiredRows(db: Db, table: PgTable, key: PgColumn, expiresAt: PgColumn, now: Date) {
  return db
    .select({ key })
    .from(table)
    .where(lte(expiresAt, now))
    .limit(BATCH)
    .for('update', { skipLocked: true });
}

/** Runs a batch until one comes back short, or the sweep's share of batches is done. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < BATCHES_PER_SWEEP; batch += 1) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}

/**
 * Sweeps at start-up and every `everyMs` on this server (main.ts), until stopped. A sweep still running when the
 * next is due is not doubled; a failed one (the database away) is logged and the next tries again.
 */
export function scheduleSignInSweep(options: {
  db: Db;
  logger: Logger;
  everyMs?: number;
  now?: () => Date;
}): () => void {
  const now = options.now ?? (() => new Date());
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const swept = await sweepExpiredSignIns(options.db, now());
      if (swept.sessions + swept.attempts > 0)
        options.logger.info(swept, 'swept ended sessions and sign-ins');
    } catch (error) {
      options.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'sweeping ended sessions failed; the next sweep tries again',
      );
    } finally {
      sweeping = false;
    }
  };
  const interval = setInterval(() => void sweep(), options.everyMs ?? SIGN_IN_SWEEP_MS);
  interval.unref();
  void sweep();
  return () => clearInterval(interval);
}
