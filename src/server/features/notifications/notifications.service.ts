import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { notifications, scheduledNotifications, tasks } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import {
  type markNotificationsReadRequestSchema,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationKind,
  type NotificationList,
  notificationDataSchemas,
  type SnoozeNotificationRequest,
} from '#shared/notifications.ts';
import type { PushTestResponse } from '#shared/push.ts';
import { notify } from './notification-schedule.ts';

function presentNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type as NotificationKind,
    title: row.title,
    body: row.body,
    url: row.url,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** How many of the member's notifications are unread (over the partial index of unread rows). */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * The member's centre, newest first, a page at a time: `cursor` is the last id of the page before (ids only grow,
 * so a page never repeats or skips one that arrived meanwhile). Notifications of a type whose centre the member
 * turned off are not in it.
 */
export async function listNotifications(
  db: Db,
  userId: number,
  cursor: string | undefined,
): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.inApp, true),
        ...(cursor ? [lt(notifications.id, Number(cursor))] : []),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(presentNotification),
    unread: await countUnread(db, userId),
    next_cursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? String(last.id) : null,
  };
}

/** Marks the named notifications (ids of another member's change nothing), or all, read; answers the unread left. */
export async function markRead(
  db: Db,
  userId: number,
  request: z.infer<typeof markNotificationsReadRequestSchema>,
): Promise<{ unread: number }> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ...('ids' in request ? [inArray(notifications.id, request.ids)] : []),
      ),
    );
  return { unread: await countUnread(db, userId) };
}

/**
 * Puts a task reminder off: the same reminder (same task and due, so the same words and tag) comes again
 * `minutes` later, from whichever server claims it then. Its key names this notification and the request's
 * `Idempotency-Key`, so a retry of one snooze (the service worker's, after a dropped connection) schedules one; a
 * snooze without a key counts once per notification. The notification is read: the member dealt with it for now.
 * Another member's notification, or a task since deleted, is 404; another type is 400.
 */
export async function snoozeNotification(
  db: Db,
  userId: number,
  id: number,
  request: SnoozeNotificationRequest,
  idempotencyKey: string | undefined,
): Promise<{ send_at: string }> {
  const [notification] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!notification) throw notFound('notification');
  const data = notificationDataSchemas['task.reminder'].safeParse(notification.data);
  if (notification.type !== 'task.reminder' || !data.success)
    throw new AppError('bad_request', say('server.notifications.onlyTaskReminders'));
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, data.data.task_id), eq(tasks.userId, userId), isNull(tasks.deletedAt)));
  if (!task) throw notFound('task');
  // Not under the task's own prefix (`task.reminder:<task>:`), which the tasks feature replaces at every change:
  // the dispatcher drops a snoozed reminder whose task was deleted, done or moved meanwhile.
  const dedupeKey = `task.snooze:${task.id}:${id}:${idempotencyKey ?? 'once'}`;
  const [scheduled] = await db
    .insert(scheduledNotifications)
    .values({
      userId,
      type: 'task.reminder',
      dedupeKey,
      sendAt: sql`now() + (${request.minutes}::integer * interval '1 minute')`,
      payload: data.data,
    })
    .onConflictDoNothing({ target: scheduledNotifications.dedupeKey })
    .returning({ sendAt: scheduledNotifications.sendAt });
  const sendAt =
    scheduled?.sendAt ??
    (
      await db
        .select({ sendAt: scheduledNotifications.sendAt })
        .from(scheduledNotifications)
        .where(
          and(eq(scheduledNotifications.dedupeKey, dedupeKey), eq(scheduledNotifications.userId, userId)),
        )
    )[0]?.sendAt;
  if (!sendAt) throw new Error('a snooze found neither its new row nor the one it repeats');
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  return { send_at: sendAt.toISOString() };
}

/**
 * "Send a test notification": a `push.test` notification through the one path every notification takes (the
 * queue, the dispatcher, the centre, the pushes), sent at once by this server (`sendNow` wakes its dispatcher).
 * Answers how many devices it is being pushed to.
 */
export async function sendTestNotification(
  db: Db,
  userId: number,
  deps: { deviceCount: (userId: number) => Promise<number>; sendNow: () => void },
): Promise<PushTestResponse> {
  await notify(db, userId, { type: 'push.test', dedupeKey: `push.test:${userId}:${randomUUID()}`, data: {} });
  deps.sendNow();
  return { devices: await deps.deviceCount(userId) };
}
