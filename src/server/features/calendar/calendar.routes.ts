import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { calendarWeekQuerySchema, calendarWeekSchema } from '#shared/calendar.ts';
import { getCalendarWeek } from './calendar.service.ts';

/** `GET /api/calendar/week?start=YYYY-MM-DD&time_zone=Area/City`: the member's own week (ours; see docs/api.md). */
export const calendarRoutes = {
  week: apiRoute({
    method: 'get',
    path: '/api/calendar/week',
    operationId: 'getCalendarWeek',
    scopes: ['calendar:read'],
    tags: ['Calendar'],
    summary: "A week of the member's tasks (by due date) and completed focus sessions",
    description:
      "Ours: the member's own week. The zone is the one asked for, else the profile's `time_zone`, else " +
      'UTC; an unknown or malformed zone **400** with `fields.time_zone`. The week starts on `start` (a ' +
      "real calendar day, else **400**), else on this week's Monday in that zone; `days` are its seven " +
      'days.\n\n' +
      "`events` are the member's own only, ordered by day, all-day first: each task (not deleted) with a " +
      '`due_date` in the week as an all-day event (`start` = `end` = the due date, id `task-<id>`); each ' +
      'occurrence of a repeating task completed on a day of the week (it has moved on since) as a done ' +
      'all-day event on that day (id `task-<id>-<YYYY-MM-DD>`); each completed focus ' +
      "session that overlaps the week, from its start to its completion (ISO instants; `day` the zone's " +
      "day it started on, or the week's Monday for one that began before it). The week's bounds are the " +
      "zone's local midnights, so a week holding a DST change is 167 or 169 hours long, and where the " +
      'clocks jump at midnight the day starts at the jump. At most 500 events of each kind.',
    request: { query: queryOf(calendarWeekQuerySchema) },
    responses: { 200: json(calendarWeekSchema, 'The seven days and their events') },
  }),
};

export function createCalendarRoutes(deps: { db: Db; requireMember: RequireMember; now: () => Date }) {
  return createApiRouter(deps.requireMember).openapi(calendarRoutes.week, async (c) => {
    const query = c.req.valid('query');
    const week = await getCalendarWeek(
      deps.db,
      memberIdOf(c),
      { start: query.start, timeZone: query.time_zone },
      deps.now(),
    );
    return c.json(week, 200);
  });
}
