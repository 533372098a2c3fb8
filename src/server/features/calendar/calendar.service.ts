import { and, asc, eq, gte, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { pomodoroSessions, profiles, taskCompletions, tasks } from '#server/db/schema.ts';
import {
  type ExternalEventRow,
  externalEventsQuery,
} from '#server/features/calendar-subscriptions/subscription-events.ts';
import { addDays, assertTimeZone, localDateOf } from '#server/lib/data/time-zone.ts';
import { type CalendarEvent, type CalendarWeek, FOCUS_EVENT_TITLE } from '#shared/calendar.ts';
import type { TaskStatus } from '#shared/tasks.ts';
import { mondayOf, weekRange } from './week-range.ts';

/**
 * How many events of each kind one week answers. A week with more tasks due or focus sessions finished than this
 * is not one a calendar panel can show usefully; the cap keeps the answer bounded whatever the data.
 */
export const CALENDAR_EVENTS_CAP = 500;

/**
 * `GET /api/calendar/week` (the dashboard's calendar panel, from the member's own data): the tasks due in the
 * week as all-day events and the focus sessions completed in it, in the member's time zone. A repeating task
 * moves on when completed, so each occurrence of it completed in the week (task_completions) shows as a done task
 * on its day too. Only the member's own rows are read.
 *
 * The zone is the one asked for, else the profile's, else UTC; the week starts on `start`, else on this week's
 * Monday in that zone.
 */
export async function getCalendarWeek(
  db: Db,
  userId: number,
  query: {
    start?: string | undefined;
    timeZone?: string | undefined;
    /** The zone when neither `timeZone` nor the member's profile names one (the browser's); else UTC. */
    fallbackTimeZone?: string | undefined;
  },
  now: Date,
): Promise<CalendarWeek> {
  const timeZone = assertTimeZone(
    query.timeZone ?? (await savedTimeZone(db, userId)) ?? query.fallbackTimeZone ?? 'UTC',
  );
  const start = query.start ?? mondayOf(localDateOf(now, timeZone));
  const { days, from, until } = weekRange(start, timeZone);
  const lastDay = addDays(start, 6);

  const dueTasks = db
    .select({ id: tasks.id, title: tasks.title, status: tasks.status, due_date: tasks.dueDate })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        isNull(tasks.deletedAt),
        gte(tasks.dueDate, start),
        lte(tasks.dueDate, lastDay),
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(CALENDAR_EVENTS_CAP);
  // The completed occurrences of repeating tasks, but the one a task still stands on (ended, it stays done there).
  const doneOccurrences = db
    .select({ id: tasks.id, title: tasks.title, occurrence: taskCompletions.occurrence })
    .from(taskCompletions)
    .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
    .where(
      and(
        eq(taskCompletions.userId, userId),
        isNull(tasks.deletedAt),
        gte(taskCompletions.occurrence, start),
        lte(taskCompletions.occurrence, lastDay),
        or(isNull(tasks.dueDate), ne(tasks.dueDate, taskCompletions.occurrence)),
      ),
    )
    .orderBy(asc(taskCompletions.occurrence), asc(tasks.id))
    .limit(CALENDAR_EVENTS_CAP);
  // A session belongs to the week when it overlaps it, so one that ran over midnight into Monday shows too.
  const sessions = db
    .select({
      id: pomodoroSessions.id,
      started_at: pomodoroSessions.startedAt,
      completed_at: pomodoroSessions.completedAt,
    })
    .from(pomodoroSessions)
    .where(
      and(
        eq(pomodoroSessions.userId, userId),
        isNotNull(pomodoroSessions.completedAt),
        gte(pomodoroSessions.completedAt, from),
        lt(pomodoroSessions.startedAt, until),
      ),
    )
    .orderBy(asc(pomodoroSessions.startedAt), asc(pomodoroSessions.id))
    .limit(CALENDAR_EVENTS_CAP);
  // The subscribed calendars' occurrences that overlap the week (the calendar-subscriptions feature's tables).
  const external = externalEventsQuery(
    db,
    userId,
    { from, until, firstDay: start, dayAfter: addDays(start, 7) },
    CALENDAR_EVENTS_CAP,
  );
  // The lists in one round trip, each as JSON named by its columns (the dashboard's first load counts queries).
  const result = await db.execute<{
    due_tasks: DueTask[];
    done_occurrences: DoneOccurrence[];
    sessions: FocusSession[];
    external: ExternalEventRow[];
  }>(sql`
    SELECT (SELECT coalesce(json_agg(due), '[]'::json) FROM (${dueTasks}) AS due) AS due_tasks,
           (SELECT coalesce(json_agg(occ), '[]'::json) FROM (${doneOccurrences}) AS occ) AS done_occurrences,
           (SELECT coalesce(json_agg(done), '[]'::json) FROM (${sessions}) AS done) AS sessions,
           (SELECT coalesce(json_agg(ext), '[]'::json) FROM (${external}) AS ext) AS external`);
  const [lists] = result.rows;

  const events: CalendarEvent[] = [
    ...(lists?.due_tasks ?? []).flatMap((task): CalendarEvent[] =>
      task.due_date
        ? [
            {
              id: `task-${task.id}`,
              kind: 'task',
              title: task.title,
              all_day: true,
              start: task.due_date,
              end: task.due_date,
              day: task.due_date,
              task_status: task.status,
            },
          ]
        : [],
    ),
    ...(lists?.done_occurrences ?? []).map(
      ({ id, title, occurrence }): CalendarEvent => ({
        id: `task-${id}-${occurrence}`,
        kind: 'task',
        title,
        all_day: true,
        start: occurrence,
        end: occurrence,
        day: occurrence,
        task_status: 'done',
      }),
    ),
    ...(lists?.sessions ?? []).flatMap(({ id, started_at, completed_at }): CalendarEvent[] => {
      if (!completed_at) return [];
      const startedAt = new Date(started_at);
      return [
        {
          id: `focus-${id}`,
          kind: 'focus',
          title: FOCUS_EVENT_TITLE,
          all_day: false,
          start: startedAt.toISOString(),
          end: new Date(completed_at).toISOString(),
          // A session that began late on Sunday before the week shows on Monday, where it is visible.
          day: startedAt < from ? start : localDateOf(startedAt, timeZone),
          task_status: null,
        },
      ];
    }),
    ...(lists?.external ?? []).flatMap((row) => externalEvents(row, days, timeZone)),
  ];
  events.sort((a, b) => (a.day === b.day ? Number(b.all_day) - Number(a.all_day) : a.day < b.day ? -1 : 1));
  return { time_zone: timeZone, days, events };
}

/**
 * An occurrence of a subscribed calendar as the week's events: one on each day of the week it covers, so the
 * panel (which lists events by day) shows a trip or a night shift on every day it takes. A timed one's days are
 * the member's days its instants fall on (it ends on the day before when it ends at midnight); an all-day one's
 * are its own dates, which are the member's wherever they are.
 */
function externalEvents(row: ExternalEventRow, days: readonly string[], timeZone: string): CalendarEvent[] {
  const calendar = { id: row.calendar_id, name: row.calendar_name, color: row.calendar_color };
  // A title the calendar left empty reads as its calendar ("Work"), which is what the member would call it.
  const title = row.title || row.calendar_name;
  let start: string;
  let end: string;
  let firstDay: string;
  let lastDay: string;
  if (row.all_day) {
    if (!row.start_day || !row.end_day) return [];
    start = firstDay = row.start_day;
    end = lastDay = addDays(row.end_day, -1) < row.start_day ? row.start_day : addDays(row.end_day, -1);
  } else {
    if (!row.starts_at || !row.ends_at) return [];
    const startsAt = new Date(row.starts_at);
    const endsAt = new Date(row.ends_at);
    start = startsAt.toISOString();
    end = endsAt.toISOString();
    firstDay = localDateOf(startsAt, timeZone);
    // The instant it ends belongs to the day before when nothing of the event is in the new day.
    lastDay = endsAt > startsAt ? localDateOf(new Date(endsAt.getTime() - 1), timeZone) : firstDay;
  }
  return days
    .filter((day) => day >= firstDay && day <= lastDay)
    .map((day) => ({
      id: `external-${row.id}-${day}`,
      kind: 'external',
      title,
      all_day: row.all_day,
      start,
      end,
      day,
      task_status: null,
      calendar,
    }));
}

/** A task due in the week, as its row reads in JSON. */
type DueTask = { id: number; title: string; status: TaskStatus; due_date: string | null };
/** A completed occurrence of a repeating task in the week. */
type DoneOccurrence = { id: number; title: string; occurrence: string };
/** A focus session of the week, its moments as JSON writes them. */
type FocusSession = { id: number; started_at: string; completed_at: string | null };

async function savedTimeZone(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.timeZone ?? null;
}
