import { and, count, eq, gte, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { badges, pomodoroSessions, tasks } from '#server/db/schema.ts';
import { localDateOf, localDayRange, previousDate } from '#server/lib/time-zone.ts';
import type { DashboardStats } from '#shared/dashboard.ts';
import { countPomodorosCompleted } from '../pomodoro/pomodoro.service.ts';

/** How far back a streak is counted: a year of days is more than any card shows. */
const STREAK_WINDOW_MS = 366 * 24 * 60 * 60_000;

/** The dashboard's four stat cards (part 1 §2), from the member's own data, "today" being their day. */
export async function computeDashboardStats(
  db: Db,
  userId: number,
  timeZone: string,
  now: Date,
): Promise<DashboardStats> {
  const { start, end } = localDayRange(now, timeZone);
  const windowStart = new Date(now.getTime() - STREAK_WINDOW_MS);

  const [tasksToday, pomodorosToday, earned, taskDays, sessionDays] = await Promise.all([
    db
      .select({ n: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          isNull(tasks.deletedAt),
          gte(tasks.completedAt, start),
          lt(tasks.completedAt, end),
        ),
      ),
    countPomodorosCompleted(db, userId, { start, end }),
    db.select({ n: count() }).from(badges).where(eq(badges.userId, userId)),
    db
      .select({ at: tasks.completedAt })
      .from(tasks)
      .where(
        and(eq(tasks.userId, userId), isNotNull(tasks.completedAt), gte(tasks.completedAt, windowStart)),
      ),
    db
      .select({ at: pomodoroSessions.completedAt })
      .from(pomodoroSessions)
      .where(
        and(
          eq(pomodoroSessions.userId, userId),
          isNotNull(pomodoroSessions.completedAt),
          gte(pomodoroSessions.completedAt, windowStart),
        ),
      ),
  ]);

  const activeDays = new Set(
    [...taskDays, ...sessionDays].flatMap((row) => (row.at ? [localDateOf(row.at, timeZone)] : [])),
  );
  return {
    tasks_today: tasksToday[0]?.n ?? 0,
    pomodoros_today: pomodorosToday,
    streak_days: streakEndingToday(activeDays, localDateOf(now, timeZone)),
    badges: earned[0]?.n ?? 0,
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
