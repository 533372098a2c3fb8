import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { notifications, scheduledNotifications } from '#server/db/schema.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { PushOutcome, PushUrgency } from '#server/providers/web-push-client.ts';
import type { Language } from '#shared/language.ts';
import { type NotificationKind, notificationKindSchema, type PushPayload } from '#shared/notifications.ts';
import { finishHeld, lockHeld, type ScheduledRow } from './dispatch-claim.ts';
import { channelsOf, inQuietHours, readRecipient } from './notification-settings.ts';
import { wordNotification } from './notification-words.ts';
import { pushPayloadJson } from './push-payload.ts';

/** One device's part of a push, as the push feature reports it (push/push-delivery.ts, handed in by app.ts). */
export type DeviceDelivery = { subscriptionId: number; outcome: PushOutcome };
export type PushSendOptions = { ttlSeconds: number; urgency: PushUrgency; topic?: string };

/** What delivery needs of Web Push: the member's devices, and one of them for a retry. */
export type PushToDevices = {
  toMember(userId: number, payload: string, options: PushSendOptions): Promise<DeviceDelivery[]>;
  toDevice(
    userId: number,
    subscriptionId: number,
    payload: string,
    options: PushSendOptions,
  ): Promise<DeviceDelivery | null>;
  deviceCount(userId: number): Promise<number>;
};

/**
 * How long a push service keeps each kind for a device that is offline, and how urgently it delivers it (RFC 8030
 * §5.2, §5.3): a reminder or the timer's end is worth little an hour on, and should wake the device; a badge or a
 * comment can wait a day.
 */
export const PUSH_POLICY: Record<NotificationKind, { ttlSeconds: number; urgency: PushUrgency }> = {
  'task.reminder': { ttlSeconds: 60 * 60, urgency: 'high' },
  'pomodoro.finished': { ttlSeconds: 10 * 60, urgency: 'high' },
  'badge.earned': { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  'community.comment': { ttlSeconds: 24 * 60 * 60, urgency: 'normal' },
  'push.test': { ttlSeconds: 5 * 60, urgency: 'high' },
};

/** A push service answering 429 or 5xx is asked again this many times at most, within the TTL. */
export const PUSH_RETRIES = { maxAttempts: 5, firstDelayMs: 2_000 } as const;

/** A scheduled row that retries one device's push of a notification already made (`notification_id`). */
const retryPayloadSchema = z.object({
  retry: z.object({ subscription_id: z.number().int(), attempt: z.number().int() }),
});

export type NotificationDelivery = {
  /** Sends a claimed row, then marks it sent; every write is conditional on still holding its lease. */
  deliver(row: ScheduledRow, instanceId: string): Promise<void>;
};

/**
 * Sending one notification (scheduled or immediate, notification-dispatcher.ts claims it): words it in the member's
 * language, keeps it in their centre unless they turned the centre off for its type, tells their open pages
 * (`notification.created`), and pushes it to every device of theirs unless push is off for its type or it is their
 * quiet hours. A row a crashed server left half done keeps the centre's row it made (`notification_id`), so sending
 * it again pushes the same `id` and `tag` (and Topic) and the device shows it once.
 */
export function createNotificationDelivery(deps: {
  db: Db;
  events: EventBus;
  push: PushToDevices;
  logger: Logger;
  /** The member's clock for wording ("Due today") and quiet hours; the lease uses the database's. */
  now: () => Date;
}): NotificationDelivery {
  const { db, logger } = deps;

  async function unreadOf(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  function payloadOf(notification: typeof notifications.$inferSelect, language: Language): string {
    const payload: PushPayload = {
      id: notification.id,
      type: notification.type as NotificationKind,
      title: notification.title,
      body: notification.body,
      url: notification.url,
      tag: notification.tag,
      data: (notification.data ?? {}) as Record<string, unknown>,
      lang: language,
    };
    return pushPayloadJson(payload);
  }

  /** Plans another try of the devices whose push service asked for one, while the TTL and the attempts allow. */
  async function scheduleRetries(
    notification: typeof notifications.$inferSelect,
    kind: NotificationKind,
    deliveries: DeviceDelivery[],
    attempt: number,
  ): Promise<void> {
    const expiresAt = notification.createdAt.getTime() + PUSH_POLICY[kind].ttlSeconds * 1000;
    for (const { subscriptionId, outcome } of deliveries) {
      if (outcome.kind !== 'retry') continue;
      const next = attempt + 1;
      const delayMs = Math.max(1_000, outcome.afterMs ?? PUSH_RETRIES.firstDelayMs * 2 ** (attempt - 1));
      if (next > PUSH_RETRIES.maxAttempts || Date.now() + delayMs >= expiresAt) {
        logger.warn(
          { notificationId: notification.id, subscriptionId, status: outcome.status, attempt },
          'push not delivered: the push service kept refusing within the TTL',
        );
        continue;
      }
      await db
        .insert(scheduledNotifications)
        .values({
          userId: notification.userId,
          type: kind,
          dedupeKey: `push.retry:${notification.id}:${subscriptionId}:${next}`,
          sendAt: sql`now() + (${Math.round(delayMs)}::integer * interval '1 millisecond')`,
          payload: { retry: { subscription_id: subscriptionId, attempt: next } },
          notificationId: notification.id,
        })
        .onConflictDoNothing({ target: scheduledNotifications.dedupeKey });
    }
  }

  /** The rest of a TTL after `createdAt`, in whole seconds (what a retry tells the push service). */
  function ttlLeft(createdAt: Date, kind: NotificationKind): number {
    const elapsed = Math.floor((Date.now() - createdAt.getTime()) / 1000);
    return Math.max(0, PUSH_POLICY[kind].ttlSeconds - Math.max(0, elapsed));
  }

  async function retryPush(
    row: ScheduledRow,
    kind: NotificationKind,
    retry: z.infer<typeof retryPayloadSchema>['retry'],
    instanceId: string,
  ): Promise<void> {
    const [notification] = row.notificationId
      ? await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.id, row.notificationId), eq(notifications.userId, row.userId)))
      : [];
    if (notification) {
      const { language } = await readRecipient(db, row.userId);
      const delivery = await deps.push.toDevice(
        row.userId,
        retry.subscription_id,
        payloadOf(notification, language),
        {
          ttlSeconds: ttlLeft(notification.createdAt, kind),
          urgency: PUSH_POLICY[kind].urgency,
          topic: `n${notification.id}`,
        },
      );
      // Marked first: the retries planned next are rows of their own, and the window in which a crash makes
      // another server push this again is the push itself.
      await finish(row, instanceId, 'sent');
      if (delivery) await scheduleRetries(notification, kind, [delivery], retry.attempt);
      return;
    }
    await finish(row, instanceId, 'sent');
  }

  async function finish(row: ScheduledRow, instanceId: string, status: 'sent' | 'cancelled') {
    if (!(await finishHeld(db, row.id, instanceId, status)))
      logger.warn({ scheduledId: row.id }, 'scheduled notification lease lost before it was marked');
  }

  return {
    async deliver(row, instanceId) {
      const kind = notificationKindSchema.safeParse(row.type);
      if (!kind.success) {
        logger.error({ scheduledId: row.id, type: row.type }, 'scheduled notification of an unknown type');
        return finish(row, instanceId, 'cancelled');
      }
      const retry = retryPayloadSchema.safeParse(row.payload);
      if (retry.success) return retryPush(row, kind.data, retry.data.retry, instanceId);

      const now = deps.now();
      const { settings, language } = await readRecipient(db, row.userId);
      const channels = channelsOf(settings, kind.data);
      const quiet = kind.data !== 'push.test' && inQuietHours(settings, now);
      const pushNow = channels.push && !quiet && (await deps.push.deviceCount(row.userId)) > 0;
      if (!channels.in_app && !pushNow) return finish(row, instanceId, 'sent');
      const words = await wordNotification(
        { db, userId: row.userId, language, timeZone: settings.time_zone, now },
        kind.data,
        row.payload,
      );
      if (!words) return finish(row, instanceId, 'cancelled');

      // The centre's row and the claim's link to it commit together, while the claim is still ours; a row a
      // server that died left behind is reused, so a second try tells and shows the same notification.
      const made = await db.transaction(async (tx) => {
        const held = await lockHeld(tx, row.id, instanceId);
        if (!held) return null;
        if (held.notificationId) {
          const [earlier] = await tx
            .select()
            .from(notifications)
            .where(eq(notifications.id, held.notificationId));
          if (earlier) return { notification: earlier, isNew: false };
        }
        const [inserted] = await tx
          .insert(notifications)
          .values({
            userId: row.userId,
            type: kind.data,
            title: words.title,
            body: words.body,
            url: words.url,
            tag: words.tag,
            data: words.data,
            inApp: channels.in_app,
            // Not the centre's: made read, so it is never counted as unread.
            readAt: channels.in_app ? null : sql`now()`,
          })
          .returning();
        if (!inserted) throw new Error('inserting a notification returned no row');
        await tx
          .update(scheduledNotifications)
          .set({ notificationId: inserted.id })
          .where(eq(scheduledNotifications.id, row.id));
        return { notification: inserted, isNew: true };
      });
      if (!made) return;
      const { notification } = made;
      if (made.isNew && notification.inApp) {
        deps.events.publish({
          audience: { kind: 'member', userId: row.userId },
          event: {
            type: 'notification.created',
            data: { id: notification.id, unread: await unreadOf(row.userId) },
          },
        });
      }
      if (pushNow) {
        const deliveries = await deps.push.toMember(row.userId, payloadOf(notification, language), {
          ttlSeconds: ttlLeft(notification.createdAt, kind.data),
          urgency: PUSH_POLICY[kind.data].urgency,
          topic: `n${notification.id}`,
        });
        await finish(row, instanceId, 'sent');
        await scheduleRetries(notification, kind.data, deliveries, 1);
        return;
      }
      await finish(row, instanceId, 'sent');
    },
  };
}
