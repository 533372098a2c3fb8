import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/database.ts';
import { profiles, tasks, users } from '#server/db/schema.ts';
import { assertTimeZone, localDateOf } from '#server/lib/data/time-zone.ts';
import { notFound } from '#server/lib/http/errors.ts';
import { BADGE_RULES } from '#shared/badges.ts';
import { completeOccurrence, parseRepeat, reopenedRepeat } from '#shared/task-repeat.ts';
import {
  type ChecklistItem,
  type ColumnSlot,
  type CreateTaskRequest,
  placeInColumn,
  type Reminder,
  reminderSchema,
  slotOfChange,
  type Task,
  type TaskPlace,
  type TaskStatus,
  topPosition,
  type UpdateTaskRequest,
} from '#shared/tasks.ts';
import { awardBadge } from '../badges/badges.service.ts';
import { awardStreakBadgesIfEarned } from '../badges/streaks.ts';
import { cancelScheduledNotifications } from '../notifications/notification-schedule.ts';
import {
  completionMadeWith,
  countCompletions,
  lastCompletedAt,
  latestCompletedOccurrence,
  recordCompletion,
  removeCompletion,
} from './task-completions.ts';
import { presentTask, taskJson, taskListItemJson, withRepeatTexts } from './task-json.ts';
import { EMPTY_PLAN, planOf, resolvePlan, type TaskPlan } from './task-plan.ts';
import { reminderPrefix, scheduleReminders } from './task-reminders.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Board order within a column (the rule is in #shared/tasks.ts): lower position first, then the newer. */
const boardOrder = sql`${tasks.position}, ${tasks.id} DESC`;

const ownedActive = (userId: number, id: number) =>
  and(eq(tasks.id, id), eq(tasks.userId, userId), isNull(tasks.deletedAt));

/**
 * The list's query, its text made once from the schema (`$1` the member's id) and sent as fixed SQL text, as the
 * session look-up is: Drizzle building it anew on every read took 3 % of the main thread on `GET /api/tasks`.
 */
export const LIST_TASKS_SQL = new PgDialect().sqlToQuery(sql`
    SELECT coalesce(json_agg(${taskListItemJson} ORDER BY ${boardOrder}), '[]'::json)::text AS body
    FROM ${tasks} WHERE ${tasks.userId} = ${sql.placeholder('userId')} AND ${tasks.deletedAt} IS NULL`).sql;

/**
 * A member's tasks that are not deleted, in board order, as the JSON text of the answer: one string from the
 * database, sent as it comes (see `taskJson`).
 */
export async function listTasksJson(db: Db, userId: number): Promise<string> {
  const result = await db.$client.query<{ body: string }>(LIST_TASKS_SQL, [userId]);
  // The words of each repeat are this process's to write, in the reader's language (task-json.ts).
  return withRepeatTexts(result.rows[0]?.body ?? '[]');
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

/**
 * The list's version, read under the member's row lock (as `countTaskChange` takes it), for a change that may
 * put the version back (`restoreTaskListVersion`).
 */
export async function lockedTaskListVersion(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ version: users.tasksVersion })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.version ?? 0;
}

/**
 * Puts the list's version back to one it had, when the rows are exactly as they were then (an AI proposal's Undo
 * with nothing else changed since its apply): the ETag names that content again, so a client still holding it
 * gets 304, and one holding a later version refetches as for any change.
 */
export async function restoreTaskListVersion(tx: Tx, userId: number, version: number): Promise<void> {
  await tx.update(users).set({ tasksVersion: version }).where(eq(users.id, userId));
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

/** The member's own time zone (their profile's), read inside the caller's statement. */
const profileZoneSql = (userId: number) =>
  sql<string | null>`(SELECT ${profiles.timeZone} FROM ${profiles} WHERE ${profiles.userId} = ${userId})`;

/**
 * The zone a task's date and time are read in: the member's profile zone if they set one, else the zone the
 * request names (the browser's), else the one the task had, else UTC. An unknown zone is a 400 naming `time_zone`.
 */
function zoneOf(profileZone: string | null, requested: string | undefined, kept: string): string {
  if (profileZone) return profileZone;
  return requested !== undefined ? assertTimeZone(requested) : kept;
}

/** The plan as the row's columns. */
function planColumns(plan: TaskPlan) {
  return {
    dueDate: plan.dueDate,
    notes: plan.notes,
    dueTime: plan.dueTime,
    repeat: plan.repeat,
    repeatFrom: plan.repeatFrom,
    checklist: plan.checklist,
    reminders: plan.reminders,
    timeZone: plan.timeZone,
  } satisfies Partial<typeof tasks.$inferInsert>;
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
  if (made) return presentTask(made);
  return db.transaction(async (tx) => {
    // Also locks the member's tasks: a second creation with the same key, sent at the same moment, waits here
    // and then finds the first one's task.
    await countTaskChange(tx, userId);
    const madeMeanwhile = idempotencyKey ? await findTaskMadeWith(tx, userId, idempotencyKey) : undefined;
    if (madeMeanwhile) return presentTask(madeMeanwhile);
    return insertTask(tx, userId, input, now, idempotencyKey ?? null);
  });
}

/**
 * `createTask` inside the caller's transaction, which has already counted the change (`countTaskChange`): the
 * agent's proposals apply several writes in one transaction (agent-tools).
 */
export async function createTaskInTransaction(
  tx: Tx,
  userId: number,
  input: CreateTaskRequest,
  now: Date,
): Promise<Task> {
  return insertTask(tx, userId, input, now, null);
}

async function insertTask(
  tx: Tx,
  userId: number,
  input: CreateTaskRequest,
  now: Date,
  clientKey: string | null,
): Promise<Task> {
  // The profile's zone is read only for a task with a date, where it matters: adding a plain task stays one read.
  const profileZone = input.due_date ? await savedTimeZone(tx, userId) : null;
  const plan = resolvePlan(EMPTY_PLAN, input, zoneOf(profileZone, input.time_zone, EMPTY_PLAN.timeZone));
  // A new task goes on top of To Do; it has no id yet to place, and the top needs none.
  const [first] = await otherTasksOf(tx, userId, 'todo', 'top');
  const [row] = await tx
    .insert(tasks)
    .values({
      userId,
      title: input.title,
      labels: input.labels ?? [],
      ...planColumns(plan),
      position: topPosition(first),
      createdAt: now,
      updatedAt: now,
      clientKey,
    })
    .returning({ id: tasks.id, task: taskJson });
  if (!row) throw new Error('insert into tasks returned no row');
  if (plan.reminders.length > 0) {
    await scheduleReminders(tx, userId, { ...plan, id: row.id, status: 'todo', deleted: false }, now);
  }
  return presentTask(row.task);
}

async function savedTimeZone(tx: Tx, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.timeZone ?? null;
}

/** The member's task that a creation with this Idempotency-Key made, as it is now. */
async function findTaskMadeWith(db: Db | Tx, userId: number, key: string): Promise<Task | undefined> {
  const [row] = await db
    .select({ task: taskJson })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.clientKey, key)));
  return row?.task;
}

/** A write that turns out to change nothing (a completion sent again): its transaction is undone, version too. */
class Unchanged extends Error {
  readonly task: Task;
  constructor(task: Task) {
    super('unchanged');
    this.task = task;
  }
}

/**
 * Changes any of a task's fields; a new column or a position places the task by the board's rule
 * (#shared/tasks.ts). Reaching Done records a completion (task_completions) and may earn Task Warrior; leaving it
 * removes that completion. A repeating task completed moves on to its next date instead (see `completeTask`).
 *
 * `occurrence` is the due date the client saw: when the task is no longer due then (a completion sent twice, a
 * change from a stale screen), nothing changes and the answer is the task as it stands; with a status other than
 * done it may instead name the occurrence last completed, which is reopened (Undo). An `Idempotency-Key` a
 * completion was recorded with also changes nothing.
 */
export async function updateTask(
  db: Db,
  userId: number,
  id: number,
  update: UpdateTaskRequest,
  now: Date,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<Task> {
  try {
    const { task, completedNow } = await db.transaction(async (tx) => {
      await countTaskChange(tx, userId);
      return changeTask(tx, userId, id, update, now, idempotencyKey);
    });
    if (completedNow) await awardTaskWarriorIfEarned(db, userId, now);
    return presentTask(task);
  } catch (error) {
    if (error instanceof Unchanged) return presentTask(error.task);
    throw error;
  }
}

/**
 * `updateTask` inside the caller's transaction, which has already counted the change (`countTaskChange`), for
 * the agent's proposals (agent-tools). Without an `occurrence` nothing is ever "unchanged"; `completedNow` says
 * whether a completion was recorded, so the caller awards Task Warrior once its transaction has committed.
 */
export async function updateTaskInTransaction(
  tx: Tx,
  userId: number,
  id: number,
  update: Omit<UpdateTaskRequest, 'occurrence'>,
  now: Date,
): Promise<{ task: Task; completedNow: boolean }> {
  const { task, completedNow } = await changeTask(tx, userId, id, update, now, undefined);
  return { task: presentTask(task), completedNow };
}

async function changeTask(
  tx: Tx,
  userId: number,
  id: number,
  update: UpdateTaskRequest,
  now: Date,
  idempotencyKey: string | undefined,
): Promise<{ task: Task; completedNow: boolean }> {
  const [found] = await tx
    .select({ row: tasks, task: taskJson, profileZone: profileZoneSql(userId) })
    .from(tasks)
    .where(ownedActive(userId, id))
    .for('update', { of: tasks });
  if (!found) throw notFound('task');
  const { row } = found;
  if (idempotencyKey && (await completionMadeWith(tx, userId, idempotencyKey)))
    throw new Unchanged(found.task);
  const reopening = await reopensOccurrence(tx, row, update);
  if (update.occurrence !== undefined && update.occurrence !== row.dueDate && !reopening) {
    throw new Unchanged(found.task);
  }

  const current = planOf(row);
  const zone = zoneOf(found.profileZone, update.time_zone, row.timeZone);
  let plan = resolvePlan(
    current,
    reopening && update.due_date === undefined ? { ...update, due_date: update.occurrence } : update,
    zone,
  );
  let status = update.status ?? row.status;
  let slot = slotOfChange(status !== row.status, update.position);
  const values: Partial<typeof tasks.$inferInsert> = { updatedAt: now };
  if (update.title !== undefined) values.title = update.title;
  if (update.labels !== undefined) values.labels = update.labels;
  let completedNow = false;

  if (reopening && update.occurrence !== undefined) {
    // Undo of a completion that moved the task on: the task is due on that occurrence again.
    await removeCompletion(tx, id, update.occurrence);
    const rule = plan.repeat === null ? null : parseRepeat(plan.repeat);
    if (rule?.ok) plan = { ...plan, repeat: reopenedRepeat(rule.rule) };
    values.completedAt = null;
    values.lastCompletedAt = await lastCompletedAt(tx, id);
  } else if (status === 'done' && row.status !== 'done') {
    completedNow = await recordCompletion(tx, {
      userId,
      taskId: id,
      occurrence: plan.repeat === null ? null : plan.dueDate,
      at: now,
      key: idempotencyKey,
    });
    values.lastCompletedAt = now;
    values.completedAt = now;
    const next = nextPlanAfterCompletion(plan, now);
    if (next) {
      // The same task, due on its next date, back at the top of To Do: never a second open copy.
      plan = next;
      status = 'todo';
      slot = 'top';
      values.completedAt = null;
    }
  } else if (status !== 'done' && row.status === 'done') {
    await removeCompletion(tx, id, row.dueDate);
    values.completedAt = null;
    values.lastCompletedAt = await lastCompletedAt(tx, id);
  }
  values.status = status;
  if (slot !== null) {
    values.position = await writePlacement(tx, userId, { id, status, position: row.position }, slot);
  }
  const [updated] = await tx
    .update(tasks)
    .set({ ...values, ...planColumns(plan) })
    .where(eq(tasks.id, id))
    .returning({ task: taskJson });
  if (!updated) throw notFound('task');
  if (remindersMayMove(current, plan, row.status, status)) {
    await scheduleReminders(tx, userId, { ...plan, id, status, deleted: false }, now);
  }
  return { task: updated.task, completedNow };
}

/**
 * Whether the update reopens a completed occurrence (Undo): a status other than done, naming as `occurrence` the
 * latest occurrence the repeating task completed, from which it has since moved on.
 */
async function reopensOccurrence(
  tx: Tx,
  row: typeof tasks.$inferSelect,
  update: UpdateTaskRequest,
): Promise<boolean> {
  const { occurrence, status } = update;
  if (occurrence === undefined || occurrence === row.dueDate || status === undefined || status === 'done') {
    return false;
  }
  if (row.repeat === null) return false;
  return (await latestCompletedOccurrence(tx, row.id)) === occurrence;
}

/**
 * The plan of a repeating task once its occurrence is completed: due on its next date (from the due date, or from
 * the member's today in the task's zone), the checklist unchecked, a COUNT one lower. Null when it does not
 * repeat or its rule has no next date (COUNT or UNTIL reached): it stays done.
 */
function nextPlanAfterCompletion(plan: TaskPlan, now: Date): TaskPlan | null {
  if (plan.repeat === null || plan.dueDate === null) return null;
  const parsed = parseRepeat(plan.repeat);
  if (!parsed.ok) return null;
  const outcome = completeOccurrence(parsed.rule, {
    dueDate: plan.dueDate,
    repeatFrom: plan.repeatFrom,
    today: localDateOf(now, plan.timeZone),
  });
  if (!outcome.next) return null;
  return {
    ...plan,
    dueDate: outcome.dueDate,
    repeat: outcome.repeat,
    checklist: plan.checklist.map((item): ChecklistItem => ({ ...item, done: false })),
  };
}

/** Whether a change may move the task's scheduled reminders: it has or had some, and their moment or need changed. */
function remindersMayMove(
  before: TaskPlan,
  after: TaskPlan,
  statusBefore: TaskStatus,
  statusAfter: TaskStatus,
) {
  if (before.reminders.length === 0 && after.reminders.length === 0) return false;
  const same = (a: readonly Reminder[], b: readonly Reminder[]) =>
    a.length === b.length && a.every((reminder, i) => reminder.before_minutes === b[i]?.before_minutes);
  return (
    statusBefore !== statusAfter ||
    before.dueDate !== after.dueDate ||
    before.dueTime !== after.dueTime ||
    before.timeZone !== after.timeZone ||
    !same(before.reminders, after.reminders)
  );
}

export async function awardTaskWarriorIfEarned(db: Db, userId: number, now: Date): Promise<void> {
  if ((await countCompletions(db, userId)) >= BADGE_RULES.completedTasks) {
    await awardBadge(db, userId, 'task_warrior', now);
  }
  // A completion may make the streak long enough, as a focus session may.
  await awardStreakBadgesIfEarned(db, userId, now);
}

/** Soft delete: the task disappears from lists and can be restored; its reminders are cancelled. */
export async function deleteTask(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await countTaskChange(tx, userId);
    // Thrown inside the transaction, so a refused delete counts no change.
    await deleteTaskInTransaction(tx, userId, id, now);
  });
}

/** `deleteTask` inside the caller's transaction, which has already counted the change (agent-tools). */
export async function deleteTaskInTransaction(tx: Tx, userId: number, id: number, now: Date): Promise<void> {
  const deleted = await tx
    .update(tasks)
    .set({ deletedAt: now, updatedAt: now })
    .where(ownedActive(userId, id))
    .returning({ reminders: tasks.reminders });
  const [row] = deleted;
  if (!row) throw notFound('task');
  if (reminderSchema.array().parse(row.reminders).length > 0) {
    await cancelScheduledNotifications(tx, userId, reminderPrefix(id));
  }
}

/**
 * Brings a deleted task back at the top of its column, its reminders planned again. Restoring a task that is not
 * deleted changes nothing.
 */
export async function restoreTask(db: Db, userId: number, id: number, now: Date): Promise<Task> {
  return db.transaction(async (tx) => {
    // Member row before task row, in the same order as every change takes them (no deadlock between two).
    await countTaskChange(tx, userId);
    const [current] = await tx
      .select({ row: tasks, task: taskJson })
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
      .for('update');
    if (!current) throw notFound('task');
    const { row } = current;
    if (!row.deletedAt) return presentTask(current.task);
    const position = await writePlacement(
      tx,
      userId,
      { id, status: row.status, position: row.position },
      'top',
    );
    const [restored] = await tx
      .update(tasks)
      .set({ deletedAt: null, position, updatedAt: now })
      .where(eq(tasks.id, id))
      .returning({ task: taskJson });
    if (!restored) throw notFound('task');
    const plan = planOf(row);
    if (plan.reminders.length > 0) {
      await scheduleReminders(tx, userId, { ...plan, id, status: row.status, deleted: false }, now);
    }
    return presentTask(restored.task);
  });
}
