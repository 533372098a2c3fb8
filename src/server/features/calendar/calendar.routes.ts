import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json } from '#server/lib/api-route.ts';
import { queryOf } from '#server/lib/query.ts';
import { calendarWeekQuerySchema, calendarWeekSchema } from '#shared/profile.ts';
import { type createRequireMember, memberIdOf } from '../auth/require-member.ts';
import { getCalendarWeek } from './calendar.service.ts';

/** `GET /api/calendar/week?start=YYYY-MM-DD&time_zone=Area/City`: the member's own week (ours; see docs/api.md). */
export const calendarRoutes = {
  week: apiRoute({
    method: 'get',
    path: '/api/calendar/week',
    tags: ['Calendar'],
    summary: "A week of the member's tasks (by due date) and completed focus sessions",
    request: { query: queryOf(calendarWeekQuerySchema) },
    responses: { 200: json(calendarWeekSchema, 'The seven days and their events') },
  }),
};

export function createCalendarRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  return createApiRouter().openapi({ ...calendarRoutes.week, middleware: deps.requireMember }, async (c) => {
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
