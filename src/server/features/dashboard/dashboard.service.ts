import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/database.ts';
import { badges, pomodoroSessions, taskCompletions, tasks } from '#server/db/schema.ts';
import { localDateOf, localDayRange, previousDate } from '#server/lib/data/time-zone.ts';
import type { DashboardStats } from '#shared/dashboard.ts';

/** How far back a streak is counted: a year of days is more than any card shows. */
const STREAK_WINDOW_MS = 366 * 24 * 60 * 60_000;

/**
 * The dashboard's four stat cards, from the member's own data, "today" being their day. One query:
 * the three counts, and the moments of the last year's task completions and focus sessions, whose days (in the
 * member's zone, by the same rules as everywhere else: #server/lib/data/time-zone.ts) make the streak. Both the
 * dashboard and `GET /api/profile/me` ask for it on every load.
 *
 * Tasks count by their completions (task_completions), so a repeating task completed today counts once for each
 * occurrence completed, though it is back in To Do. Tasks Today leaves out the completions of tasks deleted since
 * (the member took them off their list); the streak keeps them (the work was done that day).
 */
export async function computeDashboardStats(
  db: Db,
  userId: number,
  timeZone: string,
  now: Date,
): Promise<DashboardStats> {
  const { start, end } = localDayRange(now, timeZone);
  const windowStart = new Date(now.getTime() - STREAK_WINDOW_MS);
  const completedToday = (column: PgColumn) => sql`${column} >= ${start} AND ${column} < ${end}`;
  const result = await db.execute<{
    tasks_today: number;
    pomodoros_today: number;
    badges: number;
    active_at: string[];
  }>(sql`
    SELECT
      (SELECT count(*)::int FROM ${taskCompletions}
        WHERE ${taskCompletions.userId} = ${userId} AND ${completedToday(taskCompletions.completedAt)}
          AND EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskCompletions.taskId}
                        AND ${tasks.deletedAt} IS NULL)) AS tasks_today,
      (SELECT count(*)::int FROM ${pomodoroSessions} WHERE ${pomodoroSessions.userId} = ${userId}
          AND ${completedToday(pomodoroSessions.completedAt)}) AS pomodoros_today,
      (SELECT count(*)::int FROM ${badges} WHERE ${badges.userId} = ${userId}) AS badges,
      (SELECT coalesce(json_agg(at), '[]'::json) FROM (
          SELECT ${taskCompletions.completedAt} AS at FROM ${taskCompletions}
           WHERE ${taskCompletions.userId} = ${userId} AND ${taskCompletions.completedAt} >= ${windowStart}
          UNION ALL
          SELECT ${pomodoroSessions.completedAt} FROM ${pomodoroSessions}
           WHERE ${pomodoroSessions.userId} = ${userId} AND ${pomodoroSessions.completedAt} >= ${windowStart}
        ) AS completed) AS active_at`);
  const [row] = result.rows;
  const activeDays = new Set((row?.active_at ?? []).map((at) => localDateOf(new Date(at), timeZone)));
  return {
    tasks_today: row?.tasks_today ?? 0,
    pomodoros_today: row?.pomodoros_today ?? 0,
    streak_days: streakEndingToday(activeDays, localDateOf(now, timeZone)),
    badges: row?.badges ?? 0,
  };
}

/** Days in a row with activity, ending today, or yesterday while today has nothing yet (the streak is still alive). */
export function streakEndingToday(activeDays: Set<string>, today: string): number {
  let day = activeDays.has(today) ? today : previousDate(today);
  let streak = 0;
  while (activeDays.has(day)) {
    streak += 1;
    day = previousDate(day);
  }
  return streak;
}
