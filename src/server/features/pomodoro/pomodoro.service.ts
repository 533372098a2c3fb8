import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { type PomodoroSessionRow, pomodoroSessions, profiles, tasks } from '#server/db/schema.ts';
import {
  addDays,
  assertTimeZone,
  localDateOf,
  localDayRange,
  startOfLocalDay,
} from '#server/lib/data/time-zone.ts';
import { notFound } from '#server/lib/http/errors.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import { BADGE_RULES } from '#shared/badges.ts';
import type { PomodoroSession, StartPomodoroRequest } from '#shared/pomodoro.ts';
import { awardBadge } from '../badges/badges.service.ts';
import { awardStreakBadgesIfEarned } from '../badges/streaks.ts';
import { IDLE_TIMER } from './pomodoro-timer.rules.ts';
import {
  cancelTimerEnd,
  lockTimerIfAny,
  presentTimer,
  publishTimer,
  saveTimer,
} from './pomodoro-timer.store.ts';

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
  db: Db | DbTransaction,
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
  const recorded = await findSessionByKey(db, userId, idempotencyKey ?? '');
  if (!recorded) throw new Error('a start with a known key found no session');
  return presentPomodoroSession(recorded);
}

/** The session a start with this Idempotency-Key recorded, if any. */
export async function findSessionByKey(
  db: Db | DbTransaction,
  userId: number,
  key: string,
): Promise<PomodoroSessionRow | undefined> {
  const [recorded] = await db
    .select()
    .from(pomodoroSessions)
    .where(and(eq(pomodoroSessions.userId, userId), eq(pomodoroSessions.clientKey, key)));
  return recorded;
}

/** A session is for one of the member's own tasks (not one in the bin): anyone else's is **404**, as unknown. */
async function assertOwnTask(db: Db | DbTransaction, userId: number, taskId: number): Promise<void> {
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), isNull(tasks.deletedAt)))
    .limit(1);
  if (!task) throw notFound('task');
}

/**
 * `PUT /api/pomodoro/{id}/complete`: marks a session complete (a second call changes nothing) and awards Four
 * Pomodoros when this is the member's fourth completed session of their day. When the session is the one the
 * member's timer is running, the timer goes idle too (and their other devices hear it), so the two never disagree.
 */
export async function completePomodoro(
  db: Db,
  events: EventBus,
  userId: number,
  id: number,
  now: Date,
): Promise<PomodoroSession> {
  const { completion, timer } = await db.transaction(async (tx) => {
    // The timer first, as every timer action takes it: a completion here and one there take turns.
    const locked = await lockTimerIfAny(tx, userId);
    const completion = await markPomodoroComplete(tx, userId, id, now);
    if (!locked || locked.state === 'idle' || locked.sessionId !== id) return { completion, timer: null };
    await cancelTimerEnd(tx, userId);
    return { completion, timer: await saveTimer(tx, locked, IDLE_TIMER, now) };
  });
  if (timer) publishTimer(events, userId, presentTimer(timer, now));
  if (completion.completedNow) await awardForCompletion(db, userId, completion.row, now);
  return presentPomodoroSession(completion.row);
}

/**
 * Marks the member's session completed at `now` unless it already is; answers it and whether this call completed
 * it. Runs in the caller's transaction: the badge it may earn is awarded after the commit (`awardForCompletion`).
 */
export async function markPomodoroComplete(
  db: Db | DbTransaction,
  userId: number,
  id: number,
  now: Date,
): Promise<{ row: PomodoroSessionRow; completedNow: boolean }> {
  const owned = and(eq(pomodoroSessions.id, id), eq(pomodoroSessions.userId, userId));
  const [completed] = await db
    .update(pomodoroSessions)
    .set({ completedAt: now })
    .where(and(owned, isNull(pomodoroSessions.completedAt)))
    .returning();
  if (completed) return { row: completed, completedNow: true };
  const [existing] = await db.select().from(pomodoroSessions).where(owned).limit(1);
  if (!existing) throw notFound('focusSession');
  return { row: existing, completedNow: false };
}

/**
 * Four Pomodoros, when the session just completed is the member's fourth of its day (in the session's zone), and
 * the streak badges when it makes the streak long enough.
 * Uses the pool: called after the transaction that completed it has committed.
 */
export async function awardForCompletion(
  db: Db,
  userId: number,
  completed: PomodoroSessionRow,
  now: Date,
): Promise<void> {
  const today = await countPomodorosCompleted(
    db,
    userId,
    localDayRange(completed.completedAt ?? now, completed.timeZone),
  );
  if (today >= BADGE_RULES.pomodorosInADay) await awardBadge(db, userId, 'four_pomodoros', now);
  await awardStreakBadgesIfEarned(db, userId, now, completed.timeZone);
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
  await awardStreakBadgesIfEarned(db, userId, now);
}

/** Removes one of the member's sessions (a start taken back by an Undo). */
export async function removeSession(tx: DbTransaction, userId: number, id: number): Promise<void> {
  await tx
    .delete(pomodoroSessions)
    .where(and(eq(pomodoroSessions.id, id), eq(pomodoroSessions.userId, userId)));
}

/** The most sessions one stats read looks at: a couple of months of focus, however busy. */
const FOCUS_STATS_SESSIONS_CAP = 5_000;

export type FocusStats = {
  /** The zone whose days these are: the member's profile zone, else the one asked for, else UTC. */
  timeZone: string;
  sessions: number;
  minutes: number;
  /** Days with at least one completed session, in order. */
  days: { day: string; sessions: number; minutes: number }[];
};

/**
 * The focus sessions the member completed from the day `from` through the day `to` (both `YYYY-MM-DD`, in
 * the member's zone), counted and summed in minutes (their planned length), in all and per day of completion.
 */
export async function focusStatsBetween(
  db: Db,
  userId: number,
  range: { from: string; to: string; fallbackTimeZone?: string | undefined },
): Promise<FocusStats> {
  const [profile] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const timeZone = assertTimeZone(profile?.timeZone ?? range.fallbackTimeZone ?? 'UTC');
  const rows = await db
    .select({ minutes: pomodoroSessions.durationMinutes, completedAt: pomodoroSessions.completedAt })
    .from(pomodoroSessions)
    .where(
      and(
        eq(pomodoroSessions.userId, userId),
        gte(pomodoroSessions.completedAt, startOfLocalDay(range.from, timeZone)),
        lt(pomodoroSessions.completedAt, startOfLocalDay(addDays(range.to, 1), timeZone)),
      ),
    )
    .limit(FOCUS_STATS_SESSIONS_CAP);
  const byDay = new Map<string, { sessions: number; minutes: number }>();
  for (const row of rows) {
    if (!row.completedAt) continue;
    const day = localDateOf(row.completedAt, timeZone);
    const counted = byDay.get(day) ?? { sessions: 0, minutes: 0 };
    byDay.set(day, { sessions: counted.sessions + 1, minutes: counted.minutes + row.minutes });
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, counted]) => ({ day, ...counted }));
  return {
    timeZone,
    sessions: rows.length,
    minutes: rows.reduce((sum, row) => sum + row.minutes, 0),
    days,
  };
}
