import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { scheduledNotifications, type scheduledNotifications as table } from '#server/db/schema.ts';

/**
 * The SQL of the notification queue (decision 0034), the lease pattern of generation jobs (decision 0014): a
 * server sends a scheduled notification only while it holds its lease (`locked_by` = its id, `locked_until` in the
 * future), and every write after the claim is conditional on still holding it. Times are the database's clock.
 */

export type ScheduledRow = typeof table.$inferSelect;

/** One hour: a notification later than this (every server was down) is dropped rather than sent. */
export const LATEST_SEND_MS = 60 * 60_000;

const milliseconds = (ms: number): SQL =>
  sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;

const notLeased = or(
  isNull(scheduledNotifications.lockedUntil),
  lt(scheduledNotifications.lockedUntil, sql`now()`),
);

/**
 * Marks dropped the pending notifications more than an hour late that nobody holds (their time passed while every
 * server was down), so they are never sent.
 */
export async function dropLateNotifications(db: Db): Promise<number> {
  const dropped = await db
    .update(scheduledNotifications)
    .set({ status: 'dropped', lockedBy: null, lockedUntil: null })
    .where(
      and(
        eq(scheduledNotifications.status, 'pending'),
        lt(scheduledNotifications.sendAt, sql`now() - ${milliseconds(LATEST_SEND_MS)}`),
        notLeased,
      ),
    )
    .returning({ id: scheduledNotifications.id });
  return dropped.length;
}

/**
 * Claims up to `limit` due notifications: pending, due (`send_at` passed, by less than an hour) and not leased
 * (never, or the lease ran out because its holder died). `FOR UPDATE SKIP LOCKED` lets every server claim at once
 * without waiting on each other or taking the same row. Each claim counts in `attempts`.
 */
export async function claimDueNotifications(
  db: Db,
  options: { instanceId: string; limit: number; leaseMs: number },
): Promise<ScheduledRow[]> {
  if (options.limit <= 0) return [];
  const due = db
    .select({ id: scheduledNotifications.id })
    .from(scheduledNotifications)
    .where(
      and(
        eq(scheduledNotifications.status, 'pending'),
        lte(scheduledNotifications.sendAt, sql`now()`),
        gte(scheduledNotifications.sendAt, sql`now() - ${milliseconds(LATEST_SEND_MS)}`),
        notLeased,
      ),
    )
    .orderBy(asc(scheduledNotifications.sendAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(scheduledNotifications)
    .set({
      lockedBy: options.instanceId,
      lockedUntil: sql`now() + ${milliseconds(options.leaseMs)}`,
      attempts: sql`${scheduledNotifications.attempts} + 1`,
    })
    .where(and(inArray(scheduledNotifications.id, due), eq(scheduledNotifications.status, 'pending')))
    .returning();
}

/** The condition of every write after a claim: still pending and still ours. */
export function heldBy(id: number, instanceId: string) {
  return and(
    eq(scheduledNotifications.id, id),
    eq(scheduledNotifications.lockedBy, instanceId),
    eq(scheduledNotifications.status, 'pending'),
  );
}

/**
 * Locks the claimed row inside `tx` while it is still ours (so a cancellation waits for the notification's row to
 * be written, or wins before it); null when it is not ours any more (cancelled, moved, taken over).
 */
export async function lockHeld(
  tx: DbTransaction,
  id: number,
  instanceId: string,
): Promise<ScheduledRow | null> {
  const [row] = await tx.select().from(scheduledNotifications).where(heldBy(id, instanceId)).for('update');
  return row ?? null;
}

/** Ends a claimed notification as sent (or cancelled: nothing left to tell); false when the lease was lost. */
export async function finishHeld(
  db: Db,
  id: number,
  instanceId: string,
  status: 'sent' | 'cancelled',
): Promise<boolean> {
  const rows = await db
    .update(scheduledNotifications)
    .set({
      status,
      ...(status === 'sent' ? { sentAt: sql`now()` } : {}),
      lockedBy: null,
      lockedUntil: null,
    })
    .where(heldBy(id, instanceId))
    .returning({ id: scheduledNotifications.id });
  return rows.length > 0;
}

/** Lets go of claimed notifications at once (this server is stopping): another takes them without waiting. */
export async function releaseHeld(db: Db, ids: number[], instanceId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(scheduledNotifications)
    .set({ lockedBy: null, lockedUntil: null })
    .where(
      and(
        inArray(scheduledNotifications.id, ids),
        eq(scheduledNotifications.lockedBy, instanceId),
        eq(scheduledNotifications.status, 'pending'),
      ),
    );
}

/** How long finished rows (sent, cancelled, dropped) are kept after their time, for a look at what was sent. */
export const FINISHED_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Removes up to `limit` finished rows whose time is past retention; answers how many. */
export async function deleteFinishedNotifications(db: Db, limit: number): Promise<number> {
  const old = db
    .select({ id: scheduledNotifications.id })
    .from(scheduledNotifications)
    .where(
      and(
        ne(scheduledNotifications.status, 'pending'),
        lt(scheduledNotifications.sendAt, sql`now() - ${milliseconds(FINISHED_RETENTION_MS)}`),
      ),
    )
    .limit(limit);
  const deleted = await db
    .delete(scheduledNotifications)
    .where(inArray(scheduledNotifications.id, old))
    .returning({ id: scheduledNotifications.id });
  return deleted.length;
}
