import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { pushSubscriptions } from '#server/db/schema.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type {
  PushOptions,
  PushOutcome,
  VapidIdentity,
  WebPushClient,
} from '#server/providers/web-push-client.ts';

/**
 * How long one push may take, connection and answer included. A push service answers in well under a second; a
 * device's push is retried later rather than waited for (notification-delivery.ts), and the dispatcher's lease
 * (20 s) covers a send with room to spare.
 */
export const PUSH_TIMEOUT_MS = 5_000;

/** One device's part of a push. */
export type DeviceDelivery = { subscriptionId: number; outcome: PushOutcome };

export type PushSender = {
  /** Pushes `payload` to every device of the member at once. Devices the push service says are gone are removed. */
  toMember(userId: number, payload: string, options: SendOptions): Promise<DeviceDelivery[]>;
  /** The same to one device, while it is still the member's; null when it is not (removed, moved). */
  toDevice(
    userId: number,
    subscriptionId: number,
    payload: string,
    options: SendOptions,
  ): Promise<DeviceDelivery | null>;
  /** How many devices the member receives pushes on. */
  deviceCount(userId: number): Promise<number>;
};

export type SendOptions = Omit<PushOptions, 'vapid'>;

/**
 * Web Push to a member's devices (push_subscriptions), with the deployment's VAPID identity. What each device's
 * push service answered is handed back for the caller to retry (notification-dispatcher.ts); what it means for
 * the subscription is settled here: gone removes it, a success is noted.
 */
export function createPushSender(deps: {
  db: Db;
  client: WebPushClient;
  vapid: () => Promise<VapidIdentity>;
  logger: Logger;
}): PushSender {
  const { db } = deps;

  async function sendTo(
    rows: { id: number; endpoint: string; p256dh: string; auth: string }[],
    payload: string,
    options: SendOptions,
  ): Promise<DeviceDelivery[]> {
    if (rows.length === 0) return [];
    const vapid = await deps.vapid();
    const deliveries = await Promise.all(
      rows.map(async (row) => ({
        subscriptionId: row.id,
        outcome: await deps.client.send(row, payload, { ...options, vapid }),
      })),
    );
    const gone = deliveries.filter((d) => d.outcome.kind === 'gone').map((d) => d.subscriptionId);
    const sent = deliveries.filter((d) => d.outcome.kind === 'sent').map((d) => d.subscriptionId);
    if (gone.length > 0) {
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      deps.logger.info({ subscriptions: gone }, 'push subscriptions gone at their push service: removed');
    }
    if (sent.length > 0) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(inArray(pushSubscriptions.id, sent));
    }
    return deliveries;
  }

  const targetColumns = {
    id: pushSubscriptions.id,
    endpoint: pushSubscriptions.endpoint,
    p256dh: pushSubscriptions.p256dh,
    auth: pushSubscriptions.auth,
  };

  return {
    async toMember(userId, payload, options) {
      const rows = await db
        .select(targetColumns)
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return sendTo(rows, payload, options);
    },
    async toDevice(userId, subscriptionId, payload, options) {
      const rows = await db
        .select(targetColumns)
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, userId)));
      const [delivery] = await sendTo(rows, payload, options);
      return delivery ?? null;
    },
    async deviceCount(userId) {
      const [row] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return row?.n ?? 0;
    },
  };
}
