import { and, eq, like, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { scheduledNotifications } from '#server/db/schema.ts';
import { startsWithPattern } from '#server/lib/data/like-pattern.ts';
import type { NotificationKind, NotificationType } from '#shared/notifications.ts';

/**
 * What other features call to have a notification sent later (a task's reminders, the timer's end). The rows are
 * the notifications feature's (`scheduled_notifications`); its dispatcher sends each once, within a minute of
 * `sendAt`, from whichever server claims it. Scheduling writes in the caller's transaction, so a change to a task
 * and its reminders commit together.
 */
export type PlannedNotification = {
  /** Unique for what it is about, under the owner's prefix: the same key again keeps one row. */
  dedupeKey: string;
  type: NotificationType;
  sendAt: Date;
  /** The notification's `data` (notificationDataSchemas), from which the dispatcher words it when it is sent. */
  data: Record<string, unknown>;
};

/**
 * Makes `planned` the pending notifications under `prefix` (e.g. `task.reminder:42:`): the ones no longer planned
 * are cancelled, the new ones added, a moved one takes its new time. One already sent stays sent.
 */
export async function replaceScheduledNotifications(
  tx: Db | DbTransaction,
  userId: number,
  prefix: string,
  planned: readonly PlannedNotification[],
): Promise<void> {
  const keys = planned.map((item) => item.dedupeKey);
  await tx
    .update(scheduledNotifications)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(scheduledNotifications.userId, userId),
        like(scheduledNotifications.dedupeKey, startsWithPattern(prefix)),
        eq(scheduledNotifications.status, 'pending'),
        ...(keys.length > 0 ? [notInArray(scheduledNotifications.dedupeKey, keys)] : []),
      ),
    );
  if (planned.length === 0) return;
  await tx
    .insert(scheduledNotifications)
    .values(
      planned.map((item) => ({
        userId,
        type: item.type,
        dedupeKey: item.dedupeKey,
        sendAt: item.sendAt,
        payload: item.data,
      })),
    )
    .onConflictDoUpdate({
      target: scheduledNotifications.dedupeKey,
      set: {
        sendAt: sql`excluded.send_at`,
        payload: sql`excluded.payload`,
        status: 'pending',
        attempts: 0,
        lockedBy: null,
        lockedUntil: null,
      },
      // A notification already sent is never sent again; a cancelled one planned again comes back.
      setWhere: sql`${scheduledNotifications.status} in ('pending', 'cancelled') and ${scheduledNotifications.userId} = ${userId}`,
    });
}

/** Cancels every pending notification under `prefix`. */
export async function cancelScheduledNotifications(
  tx: Db | DbTransaction,
  userId: number,
  prefix: string,
): Promise<void> {
  await replaceScheduledNotifications(tx, userId, prefix, []);
}

/** A notification to send now (`notify`). */
export type ImmediateNotification = {
  /** Unique for what it is about (`badge.earned:<member>:<badge>`, `community.comment:<comment>`): the same again sends once. */
  dedupeKey: string;
  type: NotificationKind;
  /** The notification's `data` (notificationDataSchemas), from which it is worded when it is sent. */
  data: Record<string, unknown>;
};

/**
 * What a feature calls when something worth telling the member happened now (a badge earned, a comment on their
 * post). It is written as a scheduled notification due now, in the caller's transaction when given one, so it
 * commits with what it tells of and is sent by the dispatcher (the same path as reminders: the centre's row, the
 * live event, the pushes), once, within its poll period (2 s), by whichever server claims it, even if this one
 * stops right after. The same `dedupeKey` again sends nothing more.
 */
export async function notify(
  tx: Db | DbTransaction,
  userId: number,
  item: ImmediateNotification,
): Promise<void> {
  await tx
    .insert(scheduledNotifications)
    .values({
      userId,
      type: item.type,
      dedupeKey: item.dedupeKey,
      sendAt: sql`now()`,
      payload: item.data,
    })
    .onConflictDoNothing({ target: scheduledNotifications.dedupeKey });
}
