import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { type PomodoroSessionRow, pomodoroSessions, tasks } from '#server/db/schema.ts';
import { assertTimeZone, localDayRange } from '#server/lib/data/time-zone.ts';
import { notFound } from '#server/lib/http/errors.ts';
import { BADGE_RULES } from '#shared/badges.ts';
import type { PomodoroSession, StartPomodoroRequest } from '#shared/pomodoro.ts';
import { awardBadge } from '../badges/badges.service.ts';

export function presentPomodoroSession(row: PomodoroSessionRow): PomodoroSession {
  return {
    id: row.id,
    duration_minutes: row.durationMinutes,
    started_at: row.startedAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    task_id: row.taskId,
  };
}

export async function startPomodoro(
  db: Db,
  userId: number,
  input: StartPomodoroRequest,
  now: Date,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<PomodoroSession> {
  const timeZone = input.time_zone ? assertTimeZone(input.time_zone) : 'UTC';
  const taskId = input.task_id ?? null;
  if (taskId !== null) await assertOwnTask(db, userId, taskId);
  const [row] = await db
    .insert(pomodoroSessions)
    .values({
      userId,
      durationMinutes: input.duration_minutes,
      timeZone,
      startedAt: now,
      clientKey: idempotencyKey ?? null,
      taskId,
    })
    // A start sent again with its key finds the session it recorded (the unique index decides, so two at once
    // still record one).
    .onConflictDoNothing({ target: [pomodoroSessions.userId, pomodoroSessions.clientKey] })
    .returning();
  if (row) return presentPomodoroSession(row);
  const [recorded] = await db
    .select()
    .from(pomodoroSessions)
    .where(and(eq(pomodoroSessions.userId, userId), eq(pomodoroSessions.clientKey, idempotencyKey ?? '')));
  if (!recorded) throw new Error('a start with a known key found no session');
  return presentPomodoroSession(recorded);
}

/**
 * A focus session may name the task it is for: only one of the member's own tasks that is not deleted, else the
 * 404 an unknown task answers (another member's task is never confirmed to exist).
 */
export async function assertOwnTask(db: Db, userId: number, taskId: number): Promise<void> {
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), isNull(tasks.deletedAt)))
    .limit(1);
  if (!task) throw notFound('task');
}

/**
 * Marks a session complete (a second call changes nothing) and awards Four Pomodoros when this is the member's
 * fourth completed session of their day.
 */
export async function completePomodoro(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<PomodoroSession> {
  const owned = and(eq(pomodoroSessions.id, id), eq(pomodoroSessions.userId, userId));
  const [completed] = await db
    .update(pomodoroSessions)
    .set({ completedAt: now })
    .where(and(owned, isNull(pomodoroSessions.completedAt)))
    .returning();
  if (!completed) {
    const [existing] = await db.select().from(pomodoroSessions).where(owned).limit(1);
    if (!existing) throw notFound('focusSession');
    return presentPomodoroSession(existing);
  }
  const today = await countPomodorosCompleted(db, userId, localDayRange(now, completed.timeZone));
  if (today >= BADGE_RULES.pomodorosInADay) await awardBadge(db, userId, 'four_pomodoros', now);
  return presentPomodoroSession(completed);
}

/** Focus sessions the member completed in [start, end). */
async function countPomodorosCompleted(
  db: Db,
  userId: number,
  range: { start: Date; end: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pomodoroSessions)
    .where(
      and(
        eq(pomodoroSessions.userId, userId),
        gte(pomodoroSessions.completedAt, range.start),
        lt(pomodoroSessions.completedAt, range.end),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Four Pomodoros, when some day of the member's (each session's own time zone) holds enough completed sessions:
 * the rule `completePomodoro` applies to today, applied to every day at once, for sessions that arrive with their
 * history (an account import).
 */
export async function awardFourPomodorosIfEarned(db: Db, userId: number, now: Date): Promise<void> {
  const result = await db.execute<{ earned: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM ${pomodoroSessions}
      WHERE ${pomodoroSessions.userId} = ${userId} AND ${pomodoroSessions.completedAt} IS NOT NULL
      GROUP BY (${pomodoroSessions.completedAt} AT TIME ZONE ${pomodoroSessions.timeZone})::date
      HAVING count(*) >= ${BADGE_RULES.pomodorosInADay}
    ) AS earned`);
  if (result.rows[0]?.earned) await awardBadge(db, userId, 'four_pomodoros', now);
}
