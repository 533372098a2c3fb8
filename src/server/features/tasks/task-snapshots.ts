import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { taskCompletions, tasks } from '#server/db/schema.ts';
import { checklistItemSchema, reminderSchema, repeatFromSchema, taskStatusSchema } from '#shared/tasks.ts';
import { cancelScheduledNotifications } from '../notifications/notification-schedule.ts';
import { planOf } from './task-plan.ts';
import { reminderPrefix, scheduleReminders } from './task-reminders.ts';

/*
 * A task's whole stored state at one moment (its row and its completion records), so a change made for the
 * member by the AI can be put back exactly (agent-tools' Undo), and a later edit can be told apart from what the
 * change left (the two snapshots differ). Instants are ISO strings at the millisecond, as the writes set them.
 */

const instant = z.iso.datetime();

export const taskSnapshotSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: taskStatusSchema,
  labels: z.array(z.string()),
  dueDate: z.string().nullable(),
  position: z.number(),
  createdAt: instant,
  updatedAt: instant,
  completedAt: instant.nullable(),
  deletedAt: instant.nullable(),
  clientKey: z.string().nullable(),
  notes: z.string().nullable(),
  dueTime: z.string().nullable(),
  repeat: z.string().nullable(),
  repeatFrom: repeatFromSchema,
  checklist: z.array(checklistItemSchema),
  reminders: z.array(reminderSchema),
  timeZone: z.string(),
  lastCompletedAt: instant.nullable(),
  completions: z.array(
    z.object({
      id: z.number().int(),
      occurrence: z.string().nullable(),
      completedAt: instant,
      clientKey: z.string().nullable(),
    }),
  ),
});
export type TaskSnapshot = z.infer<typeof taskSnapshotSchema>;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());
const dateOf = (at: string | null) => (at === null ? null : new Date(at));

/**
 * The member's tasks of `ids` as they stand (deleted ones too), locked until the transaction ends; an id that is
 * not the member's is absent from the map.
 */
export async function taskSnapshots(
  tx: DbTransaction,
  userId: number,
  ids: readonly number[],
): Promise<Map<number, TaskSnapshot>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, [...ids])))
    .for('update');
  const completions = await tx
    .select()
    .from(taskCompletions)
    .where(
      and(
        eq(taskCompletions.userId, userId),
        inArray(
          taskCompletions.taskId,
          rows.map((row) => row.id),
        ),
      ),
    );
  return new Map(
    rows.map((row): [number, TaskSnapshot] => [
      row.id,
      {
        id: row.id,
        title: row.title,
        status: row.status,
        labels: row.labels,
        position: row.position,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        completedAt: iso(row.completedAt),
        deletedAt: iso(row.deletedAt),
        clientKey: row.clientKey,
        ...planOf(row),
        lastCompletedAt: iso(row.lastCompletedAt),
        completions: completions
          .filter((completion) => completion.taskId === row.id)
          .sort((a, b) => a.id - b.id)
          .map((completion) => ({
            id: completion.id,
            occurrence: completion.occurrence,
            completedAt: completion.completedAt.toISOString(),
            clientKey: completion.clientKey,
          })),
      },
    ]),
  );
}

/** Whether two snapshots of one task are the same state (nothing changed between them). */
export function sameTaskState(a: TaskSnapshot, b: TaskSnapshot): boolean {
  // Field by field, whatever their order: one side is read back from jsonb, which keeps its own key order.
  return isDeepStrictEqual(a, b);
}

/**
 * Puts a task back as `before` held it: every column and exactly its completion records, its reminders planned
 * again (or cancelled, for a task done or deleted). The caller has counted the change and locked the task
 * (`taskSnapshots`). Positions are the task's own: the agent's writes never renumber other tasks (a task moving
 * column goes on top, which moves no other).
 */
export async function putBackTask(
  tx: DbTransaction,
  userId: number,
  before: TaskSnapshot,
  now: Date,
): Promise<void> {
  await tx
    .update(tasks)
    .set({
      title: before.title,
      status: before.status,
      labels: before.labels,
      dueDate: before.dueDate,
      position: before.position,
      createdAt: new Date(before.createdAt),
      updatedAt: new Date(before.updatedAt),
      completedAt: dateOf(before.completedAt),
      deletedAt: dateOf(before.deletedAt),
      clientKey: before.clientKey,
      notes: before.notes,
      dueTime: before.dueTime,
      repeat: before.repeat,
      repeatFrom: before.repeatFrom,
      checklist: before.checklist,
      reminders: before.reminders,
      timeZone: before.timeZone,
      lastCompletedAt: dateOf(before.lastCompletedAt),
    })
    .where(and(eq(tasks.id, before.id), eq(tasks.userId, userId)));
  await tx.delete(taskCompletions).where(eq(taskCompletions.taskId, before.id));
  if (before.completions.length > 0) {
    // The same records, ids included: what counts them (streak, Task Warrior, the calendar) reads as before.
    await tx.insert(taskCompletions).values(
      before.completions.map((completion) => ({
        id: completion.id,
        userId,
        taskId: before.id,
        occurrence: completion.occurrence,
        completedAt: new Date(completion.completedAt),
        clientKey: completion.clientKey,
      })),
    );
  }
  await scheduleReminders(tx, userId, { ...before, deleted: before.deletedAt !== null }, now);
}

/**
 * Removes a task that a change made (its Undo): the row and its completions go, and its reminders with it, as if
 * it had never been added.
 */
export async function eraseTask(tx: DbTransaction, userId: number, id: number): Promise<void> {
  await cancelScheduledNotifications(tx, userId, reminderPrefix(id));
  await tx.delete(tasks).where(and(eq(tasks.id, id), eq(tasks.userId, userId)));
}
