import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { pomodoroSessions, profiles, taskCompletions, tasks } from '#server/db/schema.ts';
import { addDays, assertTimeZone, localDateOf, startOfLocalDay } from '#server/lib/data/time-zone.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import {
  INSIGHTS_LIMITS,
  type Insights,
  type InsightsByLabel,
  type InsightsByTask,
  type InsightsDay,
  type InsightsQuery,
  type InsightsWeek,
  type WeekNumbers,
} from '#shared/insights.ts';
import { streakOf } from '../badges/streaks.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The Monday of a day's week (weeks start on Monday, as the calendar's). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The zone asked for, else the member's saved one, else UTC; an unknown one **400**. */
export async function insightsZone(db: Db, userId: number, asked: string | undefined): Promise<string> {
  if (asked) return assertTimeZone(asked);
  const [profile] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return assertTimeZone(profile?.timeZone ?? 'UTC');
}

/** The range asked for, checked: `to` defaults to today, `from` to the 30 days ending at `to`. */
export function resolveRange(query: InsightsQuery, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(INSIGHTS_LIMITS.defaultRangeDays - 1));
  if (from > to) {
    throw new AppError('validation_failed', say('server.insights.fromAfterTo'), {
      fields: { from: say('server.insights.fromAfterTo') },
    });
  }
  if (daysBetween(from, to) + 1 > INSIGHTS_LIMITS.rangeDaysMax) {
    const tooLong = say('server.insights.rangeTooLong', { max: INSIGHTS_LIMITS.rangeDaysMax });
    throw new AppError('validation_failed', tooLong, { fields: { from: tooLong } });
  }
  return { from, to };
}

type DayRow = { day: string; focus_minutes: number; focus_sessions: number; tasks_completed: number };

/**
 * Per local day of [from, to]: focus minutes and sessions completed, tasks completed. Grouped in the database by
 * the member's day (`AT TIME ZONE`), so a year of sessions comes back as at most 366 rows; the bounds are the
 * zone's local midnights (#server/lib/data/time-zone.ts), so the indexes on (user, completed_at) serve the range.
 * Completions of tasks since deleted are left out, as the dashboard's Tasks Today leaves them out.
 */
async function dailyRows(db: Db, userId: number, timeZone: string, from: string, to: string) {
  const start = startOfLocalDay(from, timeZone);
  const end = startOfLocalDay(addDays(to, 1), timeZone);
  const result = await db.execute<DayRow>(sql`
    WITH focus AS (
      SELECT (${pomodoroSessions.completedAt} AT TIME ZONE ${timeZone})::date AS day,
             sum(${pomodoroSessions.durationMinutes})::int AS minutes, count(*)::int AS sessions
        FROM ${pomodoroSessions}
       WHERE ${pomodoroSessions.userId} = ${userId}
         AND ${pomodoroSessions.completedAt} >= ${start} AND ${pomodoroSessions.completedAt} < ${end}
       GROUP BY 1
    ), done AS (
      SELECT (${taskCompletions.completedAt} AT TIME ZONE ${timeZone})::date AS day, count(*)::int AS n
        FROM ${taskCompletions}
        JOIN ${tasks} ON ${tasks.id} = ${taskCompletions.taskId} AND ${tasks.deletedAt} IS NULL
       WHERE ${taskCompletions.userId} = ${userId}
         AND ${taskCompletions.completedAt} >= ${start} AND ${taskCompletions.completedAt} < ${end}
       GROUP BY 1
    )
    SELECT to_char(coalesce(focus.day, done.day), 'YYYY-MM-DD') AS day,
           coalesce(focus.minutes, 0)::int AS focus_minutes,
           coalesce(focus.sessions, 0)::int AS focus_sessions,
           coalesce(done.n, 0)::int AS tasks_completed
      FROM focus FULL JOIN done ON focus.day = done.day`);
  return new Map(result.rows.map((row) => [row.day, row]));
}

/** Focus of [from, to] by the task it named (the most first), and by that task's labels. */
async function breakdowns(db: Db, userId: number, timeZone: string, from: string, to: string) {
  const start = startOfLocalDay(from, timeZone);
  const end = startOfLocalDay(addDays(to, 1), timeZone);
  const inRange = sql`${pomodoroSessions.userId} = ${userId}
    AND ${pomodoroSessions.completedAt} >= ${start} AND ${pomodoroSessions.completedAt} < ${end}`;
  // The task is read only when it is the member's own (a session names only theirs; this keeps it so).
  const [byTask, byLabel] = await Promise.all([
    db.execute<InsightsByTask>(sql`
      SELECT ${pomodoroSessions.taskId} AS task_id, ${tasks.title} AS title,
             sum(${pomodoroSessions.durationMinutes})::int AS focus_minutes, count(*)::int AS focus_sessions
        FROM ${pomodoroSessions}
        LEFT JOIN ${tasks} ON ${tasks.id} = ${pomodoroSessions.taskId} AND ${tasks.userId} = ${userId}
       WHERE ${inRange}
       GROUP BY ${pomodoroSessions.taskId}, ${tasks.title}
       ORDER BY focus_minutes DESC, task_id NULLS LAST
       LIMIT ${INSIGHTS_LIMITS.breakdownRows}`),
    db.execute<InsightsByLabel>(sql`
      SELECT label, sum(${pomodoroSessions.durationMinutes})::int AS focus_minutes, count(*)::int AS focus_sessions
        FROM ${pomodoroSessions}
        LEFT JOIN ${tasks} ON ${tasks.id} = ${pomodoroSessions.taskId} AND ${tasks.userId} = ${userId}
        LEFT JOIN LATERAL unnest(${tasks.labels}) AS named(label) ON true
       WHERE ${inRange}
       GROUP BY label
       ORDER BY focus_minutes DESC, label NULLS LAST
       LIMIT ${INSIGHTS_LIMITS.breakdownRows}`),
  ]);
  return { byTask: byTask.rows, byLabel: byLabel.rows };
}

function dayOf(rows: Map<string, DayRow>, day: string): InsightsDay {
  const row = rows.get(day);
  return {
    day,
    focus_minutes: row?.focus_minutes ?? 0,
    focus_sessions: row?.focus_sessions ?? 0,
    tasks_completed: row?.tasks_completed ?? 0,
  };
}

function daysOf(rows: Map<string, DayRow>, from: string, to: string): InsightsDay[] {
  const days: InsightsDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(dayOf(rows, day));
  return days;
}

const isActive = (day: InsightsDay) => day.focus_sessions > 0 || day.tasks_completed > 0;

function sumOf(days: InsightsDay[]) {
  return {
    focus_minutes: days.reduce((sum, day) => sum + day.focus_minutes, 0),
    focus_sessions: days.reduce((sum, day) => sum + day.focus_sessions, 0),
    tasks_completed: days.reduce((sum, day) => sum + day.tasks_completed, 0),
    active_days: days.filter(isActive).length,
  };
}

function weekNumbers(rows: Map<string, DayRow>, weekStart: string): WeekNumbers {
  return { week_start: weekStart, ...sumOf(daysOf(rows, weekStart, addDays(weekStart, 6))) };
}

function weeksOf(days: InsightsDay[]): InsightsWeek[] {
  const weeks = new Map<string, InsightsDay[]>();
  for (const day of days) {
    const monday = mondayOf(day.day);
    weeks.set(monday, [...(weeks.get(monday) ?? []), day]);
  }
  return [...weeks.entries()].map(([week_start, inWeek]) => {
    const { active_days: _active, ...sums } = sumOf(inWeek);
    return { week_start, ...sums };
  });
}

/**
 * `GET /api/insights`: the member's own focus and completed tasks over [from, to], in their zone. Three grouped
 * reads (days, by task, by label) and the streak's, whatever the amount of history: the year the heatmap and
 * the two weeks need is read with the range, as daily rows.
 */
export async function getInsights(
  db: Db,
  userId: number,
  query: InsightsQuery,
  now: Date,
): Promise<Insights> {
  const timeZone = await insightsZone(db, userId, query.time_zone);
  const { from, to } = resolveRange(query, localDateOf(now, timeZone));
  const heatmapFrom = addDays(to, -(INSIGHTS_LIMITS.heatmapDays - 1));
  const lastWeekStart = addDays(mondayOf(to), -7);
  const readFrom = [from, heatmapFrom, lastWeekStart].sort()[0] ?? from;
  const readTo = [to, addDays(mondayOf(to), 6)].sort().at(-1) ?? to;
  const [rows, { byTask, byLabel }, streak] = await Promise.all([
    dailyRows(db, userId, timeZone, readFrom, readTo),
    breakdowns(db, userId, timeZone, from, to),
    streakOf(db, userId, timeZone, now),
  ]);
  const days = daysOf(rows, from, to);
  return {
    time_zone: timeZone,
    from,
    to,
    days,
    weeks: weeksOf(days),
    by_task: byTask,
    by_label: byLabel,
    totals: sumOf(days),
    streak,
    heatmap: daysOf(rows, heatmapFrom, to).map(({ day, focus_minutes }) => ({ day, focus_minutes })),
    this_week: weekNumbers(rows, mondayOf(to)),
    last_week: weekNumbers(rows, lastWeekStart),
  };
}
