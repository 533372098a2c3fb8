import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { badges, pomodoroSessions, profiles, taskCompletions } from '#server/db/schema.ts';
import { assertTimeZone, isKnownTimeZone, localDateOf } from '#server/lib/data/time-zone.ts';
import type { BadgeType } from '#shared/badges.ts';
import { STREAK_BADGE_DAYS, type Streak } from '#shared/insights.ts';
import { awardBadge } from './badges.service.ts';

/**
 * The streak: days in a row (the member's days, in `timeZone`) with a completed focus session or a completed task
 * (task_completions: a repeating task's every occurrence, deleted tasks' too — the work was done that day). One
 * query, grouped in the database by local day (`AT TIME ZONE`), then the runs of consecutive days (a day minus
 * its rank is the same for every day of one run). `current` is the run ending today, or yesterday while today
 * has nothing yet; `longest` the longest ever. Insights shows both; the streak badges are earned by `longest`.
 */
export async function streakOf(db: Db, userId: number, timeZone: string, now: Date): Promise<Streak> {
  const today = localDateOf(now, timeZone);
  const result = await db.execute<{ current: number | null; longest: number | null }>(sql`
    WITH active AS (
      SELECT DISTINCT (${pomodoroSessions.completedAt} AT TIME ZONE ${timeZone})::date AS day
        FROM ${pomodoroSessions}
       WHERE ${pomodoroSessions.userId} = ${userId} AND ${pomodoroSessions.completedAt} IS NOT NULL
      UNION
      SELECT DISTINCT (${taskCompletions.completedAt} AT TIME ZONE ${timeZone})::date
        FROM ${taskCompletions}
       WHERE ${taskCompletions.userId} = ${userId}
    ), runs AS (
      SELECT max(day) AS last, count(*)::int AS length
        FROM (SELECT day, day - (row_number() OVER (ORDER BY day))::int AS run FROM active) AS ranked
       GROUP BY run
    )
    SELECT (SELECT max(length) FROM runs)::int AS longest,
           (SELECT max(length) FROM runs
             WHERE last IN (${today}::date, ${today}::date - 1))::int AS current`);
  const [row] = result.rows;
  return { current: row?.current ?? 0, longest: row?.longest ?? 0 };
}

/** The member's saved zone, else the one given (the session's or the task's), else UTC. */
async function zoneOf(db: Db, userId: number, fallback: string | undefined): Promise<string> {
  const [profile] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const zone = profile?.timeZone ?? fallback ?? 'UTC';
  return isKnownTimeZone(zone) ? assertTimeZone(zone) : 'UTC';
}

const streakBadges = Object.entries(STREAK_BADGE_DAYS) as [BadgeType, number][];

/**
 * Seven-Day Streak and Thirty-Day Streak, when the member's longest streak has reached them. Called where a focus
 * session or a task completion is recorded (and after an import), after its commit; each badge is awarded once
 * (awardBadge's unique index), and a member holding both is not counted again.
 */
export async function awardStreakBadgesIfEarned(
  db: Db,
  userId: number,
  now: Date,
  fallbackTimeZone?: string,
): Promise<void> {
  const held = await db
    .select({ badgeType: badges.badgeType })
    .from(badges)
    .where(
      and(
        eq(badges.userId, userId),
        inArray(
          badges.badgeType,
          streakBadges.map(([type]) => type),
        ),
      ),
    );
  if (held.length === streakBadges.length) return;
  const { longest } = await streakOf(db, userId, await zoneOf(db, userId, fallbackTimeZone), now);
  for (const [type, days] of streakBadges) {
    if (longest >= days && !held.some((badge) => badge.badgeType === type)) {
      await awardBadge(db, userId, type, now);
    }
  }
}
