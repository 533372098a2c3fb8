import { and, asc, eq, sql } from 'drizzle-orm';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { pushSubscriptions } from '#server/db/schema.ts';
import { notFound } from '#server/lib/http/errors.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { PushDevice, PushSubscriptionRequest } from '#shared/push.ts';
import { checkSubscription } from './push-endpoint.ts';

const deviceColumns = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  createdAt: pushSubscriptions.createdAt,
};

function presentDevice(row: { id: number; label: string | null; createdAt: Date }): PushDevice {
  return { id: row.id, label: row.label, created_at: row.createdAt.toISOString() };
}

/**
 * Keeps a browser's subscription for the member. The endpoint is unique: the same browser subscribing again keeps
 * its row (and id), with the keys and label it sends now; one that another member subscribed on this browser
 * before moves to this member, so that member's notifications stop reaching a device someone else now uses.
 */
export async function subscribe(
  db: Db,
  userId: number,
  input: PushSubscriptionRequest,
  deps: { outbound: MediaConfig['outbound']; logger: Logger },
): Promise<PushDevice> {
  const checked = checkSubscription(input, deps.outbound, deps.logger);
  const expirationTime =
    typeof input.expirationTime === 'number' && Number.isFinite(input.expirationTime)
      ? new Date(input.expirationTime)
      : null;
  const values = {
    userId,
    endpoint: checked.endpoint,
    p256dh: checked.p256dh,
    auth: checked.auth,
    label: input.label || null,
    expirationTime: expirationTime && !Number.isNaN(expirationTime.getTime()) ? expirationTime : null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: values.p256dh,
        auth: values.auth,
        label: values.label,
        expirationTime: values.expirationTime,
        // A device that moved to another member starts afresh: its earlier successes were someone else's.
        lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.lastSuccessAt} end`,
      },
    })
    .returning(deviceColumns);
  if (!row) throw new Error('keeping a push subscription returned no row');
  return presentDevice(row);
}

/** The member's devices, oldest first; never their keys or endpoints. */
export async function listDevices(db: Db, userId: number): Promise<PushDevice[]> {
  const rows = await db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
  return rows.map(presentDevice);
}

/** Forgets one of the member's devices; another member's, or an unknown id, is 404. */
export async function removeDevice(db: Db, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('pushDevice');
}
