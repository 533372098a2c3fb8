import { and, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { taskCompletions } from '#server/db/schema.ts';

/*
 * `task_completions` is the one record of work done: Tasks Today, the streak, the calendar's done occurrences and
 * Task Warrior all count it. A task that does not repeat has at most one completion (occurrence null), removed when
 * it leaves Done; a repeating task gains one per occurrence completed, unique per (task, occurrence), so a
 * completion sent twice or two at once record one.
 */

/** Whether a completion was already recorded with this Idempotency-Key (the key of a `PUT` sent again). */
export async function completionMadeWith(tx: DbTransaction, userId: number, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: taskCompletions.id })
    .from(taskCompletions)
    .where(and(eq(taskCompletions.userId, userId), eq(taskCompletions.clientKey, key)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records the completion of a task's occurrence (null for a task that does not repeat). Answers whether it was
 * new: an occurrence already completed (or, without one, a completion the task already has) records nothing.
 */
export async function recordCompletion(
  tx: DbTransaction,
  completion: {
    userId: number;
    taskId: number;
    occurrence: string | null;
    at: Date;
    key: string | undefined;
  },
): Promise<boolean> {
  const result = await tx.execute<{ id: number }>(sql`
    INSERT INTO ${taskCompletions} (user_id, task_id, occurrence, completed_at, client_key)
    SELECT ${completion.userId}, ${completion.taskId}, ${completion.occurrence}::date, ${completion.at},
           ${completion.key ?? null}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${taskCompletions}
      WHERE task_id = ${completion.taskId} AND occurrence IS NOT DISTINCT FROM ${completion.occurrence}::date)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return result.rows.length > 0;
}

/** Removes the completion of that occurrence (a task leaving Done, an undone completion). */
export async function removeCompletion(
  tx: DbTransaction,
  taskId: number,
  occurrence: string | null,
): Promise<void> {
  await tx.execute(sql`
    DELETE FROM ${taskCompletions}
    WHERE task_id = ${taskId} AND (occurrence IS NULL OR occurrence = ${occurrence}::date)`);
}

/** When the task was last completed, by the completions it still has. */
export async function lastCompletedAt(tx: DbTransaction, taskId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(taskCompletions.completedAt) })
    .from(taskCompletions)
    .where(eq(taskCompletions.taskId, taskId));
  return row?.at ?? null;
}

/** The latest occurrence of a repeating task that was completed, if any: the one an Undo may reopen. */
export async function latestCompletedOccurrence(tx: DbTransaction, taskId: number): Promise<string | null> {
  const [row] = await tx
    .select({ occurrence: taskCompletions.occurrence })
    .from(taskCompletions)
    .where(and(eq(taskCompletions.taskId, taskId), isNotNull(taskCompletions.occurrence)))
    .orderBy(desc(taskCompletions.occurrence))
    .limit(1);
  return row?.occurrence ?? null;
}

/** Every completion the member ever recorded, deleted tasks' included: the work was done (Task Warrior). */
export async function countCompletions(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(taskCompletions)
    .where(eq(taskCompletions.userId, userId));
  return row?.n ?? 0;
}
