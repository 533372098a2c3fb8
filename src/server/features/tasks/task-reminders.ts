import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { tasks } from '#server/db/schema.ts';
import { instantOfLocalTime } from '#server/lib/data/time-zone.ts';
import { type Reminder, reminderSchema, type TaskStatus } from '#shared/tasks.ts';
import {
  type PlannedNotification,
  replaceScheduledNotifications,
} from '../notifications/notification-schedule.ts';

/** A task with a date and no time is due at this time of its day, for its reminders. */
export const DEFAULT_DUE_TIME = '09:00';

/** What a task's reminders are planned from. */
export type ReminderSource = {
  id: number;
  status: TaskStatus;
  deleted: boolean;
  dueDate: string | null;
  dueTime: string | null;
  reminders: readonly Reminder[];
  timeZone: string;
};

/** Every pending reminder of a task is scheduled under this prefix (notification-schedule.ts). */
export const reminderPrefix = (taskId: number) => `task.reminder:${taskId}:`;

/**
 * The notifications a task's reminders are: one per reminder, `before_minutes` before the task is due (its date at
 * its time, or 09:00, in the task's zone, DST included), none for a task done or deleted, and none whose moment
 * has passed. The key names the day, so a task moved on to its next date plans new reminders and the old day's,
 * if sent, stay sent.
 */
export function plannedReminders(task: ReminderSource, now: Date): PlannedNotification[] {
  if (task.status === 'done' || task.deleted || task.dueDate === null) return [];
  const due = instantOfLocalTime(task.dueDate, task.dueTime ?? DEFAULT_DUE_TIME, task.timeZone);
  return task.reminders.flatMap(({ before_minutes }) => {
    const sendAt = new Date(due.getTime() - before_minutes * 60_000);
    if (sendAt.getTime() <= now.getTime()) return [];
    return [
      {
        dedupeKey: `${reminderPrefix(task.id)}${task.dueDate}:${before_minutes}`,
        type: 'task.reminder' as const,
        sendAt,
        data: { task_id: task.id, due: due.toISOString(), occurrence: task.dueDate },
      },
    ];
  });
}

/** Makes the task's scheduled reminders what it now plans, in the caller's transaction (moved, added, cancelled). */
export async function scheduleReminders(
  tx: Db | DbTransaction,
  userId: number,
  task: ReminderSource,
  now: Date,
): Promise<void> {
  await replaceScheduledNotifications(tx, userId, reminderPrefix(task.id), plannedReminders(task, now));
}

/**
 * Plans the reminders of every open task of the member that has some: after an import, whose rows arrive with
 * their reminders but were written by the archive's adapter, not by the task routes.
 */
export async function scheduleMemberReminders(db: Db, userId: number, now: Date): Promise<void> {
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        isNull(tasks.deletedAt),
        ne(tasks.status, 'done'),
        sql`${tasks.reminders} <> '[]'::jsonb`,
      ),
    );
  for (const row of rows) {
    await scheduleReminders(
      db,
      userId,
      { ...row, deleted: false, reminders: reminderSchema.array().parse(row.reminders) },
      now,
    );
  }
}
