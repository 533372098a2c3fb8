import { and, count, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/database.ts';
import { tasks, users } from '#server/db/schema.ts';
import { notFound } from '#server/lib/http/errors.ts';
import { BADGE_RULES } from '#shared/badges.ts';
import {
  type ColumnSlot,
  type CreateTaskRequest,
  placeInColumn,
  slotOfChange,
  type Task,
  type TaskPlace,
  type TaskStatus,
  topPosition,
  type UpdateTaskRequest,
} from '#shared/tasks.ts';
import { awardBadge } from '../badges/badges.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const isoUtc = (column: PgColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The task as the API shows it (`taskSchema`): the one presenter of every task answer, list and writes alike. The
 * database builds the JSON (in the embedded database's worker thread, or on the PostgreSQL server), so a list of
 * a thousand tasks costs the event loop one string instead of a thousand parsed rows (bench: GET /api/tasks); a
 * write selects the same expression, which the driver parses into the object it answers.
 */
const taskJson: SQL<Task> = sql<Task>`json_build_object(
  'id', ${tasks.id}, 'title', ${tasks.title}, 'status', ${tasks.status}, 'labels', ${tasks.labels},
  'due_date', ${tasks.dueDate}, 'position', ${tasks.position},
  'created_at', ${isoUtc(tasks.createdAt)}, 'completed_at', ${isoUtc(tasks.completedAt)},
  'notes', ${tasks.notes}, 'due_time', ${tasks.dueTime}, 'repeat', ${tasks.repeat}, 'repeat_text', NULL,
  'repeat_from', ${tasks.repeatFrom}, 'checklist', ${tasks.checklist}, 'reminders', ${tasks.reminders},
  'last_completed_at', ${isoUtc(tasks.lastCompletedAt)}
)`;

/** Board order within a column (the rule is in #shared/tasks.ts): lower position first, then the newer. */
const boardOrder = sql`${tasks.position}, ${tasks.id} DESC`;

const ownedActive = (userId: number, id: number) =>
  and(eq(tasks.id, id), eq(tasks.userId, userId), isNull(tasks.deletedAt));

/**
 * A member's tasks that are not deleted, in board order, as the JSON text of the answer: one string from the
 * database, sent as it comes (see `taskJson`).
 */
export async function listTasksJson(db: Db, userId: number): Promise<string> {
  const result = await db.execute<{ body: string }>(sql`
    SELECT coalesce(json_agg(${taskJson} ORDER BY ${boardOrder}), '[]'::json)::text AS body
    FROM ${tasks} WHERE ${tasks.userId} = ${userId} AND ${tasks.deletedAt} IS NULL`);
  return result.rows[0]?.body ?? '[]';
}

/**
 * The first step of every change to a member's tasks: counts it in `users.tasks_version` (the list's ETag), and,
 * by updating the member's row, locks it until the change commits. The lock serializes changes to one member's
 * task order: two concurrent writes would otherwise both read the same top position (PostgreSQL, read committed)
 * and tie. One indexed row per write.
 */
export async function countTaskChange(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ tasksVersion: sql`${users.tasksVersion} + 1` })
    .where(eq(users.id, userId));
}

/** How many changes the member's tasks have seen: the list's version, read before the list itself. */
export async function taskListVersion(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ version: users.tasksVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? 0;
}

/**
 * The other tasks of a member's column (all but `exceptId`), in board order, as `placeInColumn` takes them. For a
 * 'top' slot it reads only the first, so only that one is fetched: adding a task costs one indexed row, not the
 * column.
 */
async function otherTasksOf(
  tx: Tx,
  userId: number,
  status: TaskStatus,
  slot: ColumnSlot,
  exceptId?: number,
): Promise<TaskPlace[]> {
  const query = tx
    .select({ id: tasks.id, position: tasks.position })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.status, status),
        isNull(tasks.deletedAt),
        ...(exceptId !== undefined ? [ne(tasks.id, exceptId)] : []),
      ),
    )
    .orderBy(boardOrder);
  return slot === 'top' ? query.limit(1) : query;
}

/**
 * Puts `task` in `slot` of the column it is going to (`task.status`) by the board's rule: answers its new position
 * (the caller writes it with the task's other changes) and writes, in one statement, the positions of the other
 * tasks the placement moves (a renumbering).
 */
async function writePlacement(
  tx: Tx,
  userId: number,
  task: TaskPlace & { status: TaskStatus },
  slot: ColumnSlot,
): Promise<number> {
  const others = await otherTasksOf(tx, userId, task.status, slot, task.id);
  const column = placeInColumn(others, { id: task.id, position: task.position }, slot);
  const before = new Map(others.map((other) => [other.id, other.position]));
  const moved = column.filter((place) => place.id !== task.id && before.get(place.id) !== place.position);
  if (moved.length > 0) {
    await tx.execute(sql`
      UPDATE tasks SET position = data.position
      FROM unnest(${`{${moved.map((place) => place.id).join(',')}}`}::int[],
                  ${`{${moved.map((place) => place.position).join(',')}}`}::float8[]) AS data(id, position)
      WHERE tasks.id = data.id AND tasks.user_id = ${userId}`);
  }
  const placed = column.find((place) => place.id === task.id);
  if (!placed) throw new Error('placeInColumn lost the task it placed');
  return placed.position;
}

export async function createTask(
  db: Db,
  userId: number,
  input: CreateTaskRequest,
  now: Date,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<Task> {
  // A creation sent again with its key (a retry, a change queued offline) finds its task and changes nothing.
  const made = idempotencyKey ? await findTaskMadeWith(db, userId, idempotencyKey) : undefined;
  if (made) return made;
  return db.transaction(async (tx) => {
    // Also locks the member's tasks: a second creation with the same key, sent at the same moment, waits here
    // and then finds the first one's task.
    await countTaskChange(tx, userId);
    const madeMeanwhile = idempotencyKey ? await findTaskMadeWith(tx, userId, idempotencyKey) : undefined;
    if (madeMeanwhile) return madeMeanwhile;
    // A new task goes on top of To Do; it has no id yet to place, and the top needs none.
    const [first] = await otherTasksOf(tx, userId, 'todo', 'top');
    const [row] = await tx
      .insert(tasks)
      .values({
        userId,
        title: input.title,
        labels: input.labels ?? [],
        dueDate: input.due_date ?? null,
        position: topPosition(first),
        createdAt: now,
        updatedAt: now,
        clientKey: idempotencyKey ?? null,
      })
      .returning({ task: taskJson });
    if (!row) throw new Error('insert into tasks returned no row');
    return row.task;
  });
}

/** The member's task that a creation with this Idempotency-Key made, as it is now. */
async function findTaskMadeWith(db: Db | Tx, userId: number, key: string): Promise<Task | undefined> {
  const [row] = await db
    .select({ task: taskJson })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.clientKey, key)));
  return row?.task;
}

/**
 * Changes any of title, labels, due date, status and position; a new column or a position places the task by the
 * board's rule (#shared/tasks.ts). Completing a task records when, and may earn Task Warrior.
 */
export async function updateTask(
  db: Db,
  userId: number,
  id: number,
  update: UpdateTaskRequest,
  now: Date,
): Promise<Task> {
  const { task, completedNow } = await db.transaction(async (tx) => {
    await countTaskChange(tx, userId);
    const [current] = await tx
      .select({ status: tasks.status, position: tasks.position })
      .from(tasks)
      .where(ownedActive(userId, id))
      .for('update');
    if (!current) throw notFound('task');

    const status = update.status ?? current.status;
    const statusChanged = status !== current.status;
    const values: Partial<typeof tasks.$inferInsert> = { updatedAt: now };
    if (update.title !== undefined) values.title = update.title;
    if (update.labels !== undefined) values.labels = update.labels;
    if (update.due_date !== undefined) values.dueDate = update.due_date;
    if (statusChanged) {
      values.status = status;
      values.completedAt = status === 'done' ? now : null;
    }
    const slot = slotOfChange(statusChanged, update.position);
    if (slot !== null) {
      values.position = await writePlacement(tx, userId, { id, status, position: current.position }, slot);
    }
    const [updated] = await tx
      .update(tasks)
      .set(values)
      .where(eq(tasks.id, id))
      .returning({ task: taskJson });
    if (!updated) throw notFound('task');
    return { task: updated.task, completedNow: statusChanged && status === 'done' };
  });

  if (completedNow) await awardTaskWarriorIfEarned(db, userId, now);
  return task;
}

export async function awardTaskWarriorIfEarned(db: Db, userId: number, now: Date): Promise<void> {
  // Every task ever completed counts, deleted ones included: the work was done.
  const [row] = await db
    .select({ completed: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNotNull(tasks.completedAt)));
  if ((row?.completed ?? 0) >= BADGE_RULES.completedTasks) await awardBadge(db, userId, 'task_warrior', now);
}

/** Soft delete: the task disappears from lists and can be restored. */
export async function deleteTask(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await countTaskChange(tx, userId);
    const deleted = await tx
      .update(tasks)
      .set({ deletedAt: now, updatedAt: now })
      .where(ownedActive(userId, id))
      .returning({ id: tasks.id });
    // Thrown inside the transaction, so a refused delete counts no change.
    if (deleted.length === 0) throw notFound('task');
  });
}

/** Brings a deleted task back at the top of its column. Restoring a task that is not deleted changes nothing. */
export async function restoreTask(db: Db, userId: number, id: number, now: Date): Promise<Task> {
  return db.transaction(async (tx) => {
    // Member row before task row, in the same order as every change takes them (no deadlock between two).
    await countTaskChange(tx, userId);
    const [current] = await tx
      .select({ status: tasks.status, position: tasks.position, deletedAt: tasks.deletedAt, task: taskJson })
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
      .for('update');
    if (!current) throw notFound('task');
    if (!current.deletedAt) return current.task;
    const position = await writePlacement(
      tx,
      userId,
      { id, status: current.status, position: current.position },
      'top',
    );
    const [restored] = await tx
      .update(tasks)
      .set({ deletedAt: null, position, updatedAt: now })
      .where(eq(tasks.id, id))
      .returning({ task: taskJson });
    if (!restored) throw notFound('task');
    return restored.task;
  });
}
