import { and, asc, count, desc, eq, isNotNull, isNull, min, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { type TaskRow, tasks, users } from '#server/db/schema.ts';
import { notFound } from '#server/lib/errors.ts';
import { BADGE_RULES } from '#shared/badges.ts';
import type { CreateTaskRequest, Task, TaskStatus, UpdateTaskRequest } from '#shared/tasks.ts';
import { awardBadge } from '../badges/badges.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The task as the API shows it. */
export function presentTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    labels: row.labels,
    due_date: row.dueDate,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

const ownedActive = (userId: number, id: number) =>
  and(eq(tasks.id, id), eq(tasks.userId, userId), isNull(tasks.deletedAt));

const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A member's tasks that are not deleted, in board order, as the JSON text of the answer. The database builds the
 * JSON (in the embedded database's worker thread, or on the PostgreSQL server), so a list of a thousand tasks
 * costs the event loop one string instead of a thousand parsed rows (bench: GET /api/tasks). Same shape as
 * `presentTask`; tasks.test.ts compares the two.
 */
export async function listTasksJson(db: Db, userId: number): Promise<string> {
  const result = await db.execute<{ body: string }>(sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', id, 'title', title, 'status', status, 'labels', labels, 'due_date', due_date, 'position', position,
      'created_at', ${isoUtc('created_at')}, 'completed_at', ${isoUtc('completed_at')}
    ) ORDER BY position, id DESC), '[]'::json)::text AS body
    FROM tasks WHERE user_id = ${userId} AND deleted_at IS NULL`);
  return result.rows[0]?.body ?? '[]';
}

/**
 * Serializes changes to one member's task order: two concurrent writes would otherwise both read the same top
 * position (PostgreSQL, read committed) and tie. Locking the member's row costs one indexed read per write.
 */
async function lockTaskOrder(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A position above every other task of the column: the task lands on top without renumbering the rest. */
async function topPositionOf(
  tx: Db | Tx,
  userId: number,
  status: TaskStatus,
  exceptId?: number,
): Promise<number> {
  const [row] = await tx
    .select({ lowest: min(tasks.position) })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.status, status),
        isNull(tasks.deletedAt),
        ...(exceptId !== undefined ? [ne(tasks.id, exceptId)] : []),
      ),
    );
  return row?.lowest === null || row?.lowest === undefined ? 0 : row.lowest - 1;
}

export async function createTask(db: Db, userId: number, input: CreateTaskRequest, now: Date): Promise<Task> {
  return db.transaction(async (tx) => {
    await lockTaskOrder(tx, userId);
    const position = await topPositionOf(tx, userId, 'todo');
    const [row] = await tx
      .insert(tasks)
      .values({
        userId,
        title: input.title,
        labels: input.labels ?? [],
        dueDate: input.due_date ?? null,
        position,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert into tasks returned no row');
    return presentTask(row);
  });
}

/**
 * Changes any of title, labels, due date, status and position. A task moving to another column goes to its top
 * unless a position says where; a position renumbers the column so the order survives a reload. Completing a
 * task records when, and may earn Task Warrior.
 */
export async function updateTask(
  db: Db,
  userId: number,
  id: number,
  update: UpdateTaskRequest,
  now: Date,
): Promise<Task> {
  const { row, completedNow } = await db.transaction(async (tx) => {
    if (update.status !== undefined || update.position !== undefined) await lockTaskOrder(tx, userId);
    const [current] = await tx.select().from(tasks).where(ownedActive(userId, id)).for('update');
    if (!current) throw notFound('That task');

    const status = update.status ?? current.status;
    const statusChanged = status !== current.status;
    const values: Partial<typeof tasks.$inferInsert> = { updatedAt: now };
    if (update.title !== undefined) values.title = update.title;
    if (update.labels !== undefined) values.labels = update.labels;
    if (update.due_date !== undefined) values.dueDate = update.due_date;
    if (statusChanged) {
      values.status = status;
      values.completedAt = status === 'done' ? now : null;
      if (update.position === undefined) values.position = await topPositionOf(tx, userId, status, id);
    }
    const [updated] = await tx.update(tasks).set(values).where(eq(tasks.id, id)).returning();
    if (!updated) throw notFound('That task');

    if (update.position !== undefined) {
      updated.position = await placeInColumn(tx, userId, updated, update.position);
    }
    return { row: updated, completedNow: statusChanged && status === 'done' };
  });

  if (completedNow) await awardTaskWarriorIfEarned(db, userId, now);
  return presentTask(row);
}

/** Puts the task at `index` of its column and renumbers the column 0, 1, 2… in one statement. */
async function placeInColumn(tx: Tx, userId: number, task: TaskRow, index: number): Promise<number> {
  const others = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.status, task.status),
        isNull(tasks.deletedAt),
        ne(tasks.id, task.id),
      ),
    )
    .orderBy(asc(tasks.position), desc(tasks.id));
  const ordered = others.map((other) => other.id);
  const at = Math.min(index, ordered.length);
  ordered.splice(at, 0, task.id);
  const positions = ordered.map((_, i) => i);
  await tx.execute(sql`
    UPDATE tasks SET position = data.position
    FROM unnest(${`{${ordered.join(',')}}`}::int[], ${`{${positions.join(',')}}`}::float8[]) AS data(id, position)
    WHERE tasks.id = data.id AND tasks.user_id = ${userId}`);
  return at;
}

async function awardTaskWarriorIfEarned(db: Db, userId: number, now: Date): Promise<void> {
  // Every task ever completed counts, deleted ones included: the work was done.
  const [row] = await db
    .select({ completed: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNotNull(tasks.completedAt)));
  if ((row?.completed ?? 0) >= BADGE_RULES.completedTasks) await awardBadge(db, userId, 'task_warrior', now);
}

/** Soft delete: the task disappears from lists and can be restored. */
export async function deleteTask(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const deleted = await db
    .update(tasks)
    .set({ deletedAt: now, updatedAt: now })
    .where(ownedActive(userId, id))
    .returning({ id: tasks.id });
  if (deleted.length === 0) throw notFound('That task');
}

/** Brings a deleted task back at the top of its column. Restoring a task that is not deleted changes nothing. */
export async function restoreTask(db: Db, userId: number, id: number, now: Date): Promise<Task> {
  return db.transaction(async (tx) => {
    // Member row before task row, in the same order as updateTask takes them (no deadlock between the two).
    await lockTaskOrder(tx, userId);
    const [current] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
      .for('update');
    if (!current) throw notFound('That task');
    if (!current.deletedAt) return presentTask(current);
    const position = await topPositionOf(tx, userId, current.status, id);
    const [restored] = await tx
      .update(tasks)
      .set({ deletedAt: null, position, updatedAt: now })
      .where(eq(tasks.id, id))
      .returning();
    if (!restored) throw notFound('That task');
    return presentTask(restored);
  });
}
