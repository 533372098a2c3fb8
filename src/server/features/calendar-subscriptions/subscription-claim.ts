import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { calendarSubscriptions } from '#server/db/schema.ts';

/**
 * The claims of subscription refreshes across servers (decision 0037, the lease pattern of the notification queue,
 * decision 0034): a server refreshes a subscription only while it holds its lease (`refresh_lease_until` in the
 * future, the value it set), and every write after the claim is conditional on that value still being there. The
 * lease is cut to milliseconds so the value read back is the one written. Times are the database's clock.
 */

export type ClaimedSubscription = typeof calendarSubscriptions.$inferSelect & { refreshLeaseUntil: Date };

const milliseconds = (ms: number): SQL =>
  sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
const leaseUntil = (leaseMs: number): SQL =>
  sql`date_trunc('milliseconds', now() + ${milliseconds(leaseMs)})`;

const notLeased = or(
  isNull(calendarSubscriptions.refreshLeaseUntil),
  lt(calendarSubscriptions.refreshLeaseUntil, sql`now()`),
);

/**
 * Claims up to `limit` subscriptions due a refresh (`next_refresh_at` passed) that nobody holds. `FOR UPDATE SKIP
 * LOCKED` lets every server claim at once without waiting on each other or taking the same row.
 */
export async function claimDueSubscriptions(
  db: Db,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedSubscription[]> {
  if (options.limit <= 0) return [];
  const due = db
    .select({ id: calendarSubscriptions.id })
    .from(calendarSubscriptions)
    .where(and(lte(calendarSubscriptions.nextRefreshAt, sql`now()`), notLeased))
    .orderBy(asc(calendarSubscriptions.nextRefreshAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(calendarSubscriptions)
    .set({ refreshLeaseUntil: leaseUntil(options.leaseMs) })
    .where(and(inArray(calendarSubscriptions.id, due), notLeased))
    .returning();
  return rows.filter(isClaimed);
}

/** Claims one of the member's subscriptions now, due or not (refresh now); null when another server holds it. */
export async function claimSubscription(
  db: Db,
  userId: number,
  id: number,
  leaseMs: number,
): Promise<ClaimedSubscription | null> {
  const [row] = await db
    .update(calendarSubscriptions)
    .set({ refreshLeaseUntil: leaseUntil(leaseMs) })
    .where(and(eq(calendarSubscriptions.id, id), eq(calendarSubscriptions.userId, userId), notLeased))
    .returning();
  return row && isClaimed(row) ? row : null;
}

/** The condition of every write after a claim: the row is still there and the lease still the one we set. */
export function heldLease(claim: ClaimedSubscription): SQL | undefined {
  return and(
    eq(calendarSubscriptions.id, claim.id),
    eq(calendarSubscriptions.refreshLeaseUntil, claim.refreshLeaseUntil),
  );
}

/** When the next refresh falls due, from the database's clock. */
export function refreshAfter(ms: number): SQL {
  return sql`now() + ${milliseconds(ms)}`;
}

function isClaimed(row: typeof calendarSubscriptions.$inferSelect): row is ClaimedSubscription {
  return row.refreshLeaseUntil !== null;
}
