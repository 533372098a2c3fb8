import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json } from '#server/lib/api-route.ts';
import { queryOf } from '#server/lib/query.ts';
import { assertTimeZone } from '#server/lib/time-zone.ts';
import { dashboardStatsQuerySchema, dashboardStatsSchema } from '#shared/dashboard.ts';
import { type createRequireMember, memberIdOf } from '../auth/require-member.ts';
import { computeDashboardStats } from './dashboard.service.ts';

/** `GET /api/dashboard/stats?time_zone=`: ours (the spec's dashboard showed sample numbers). */
export const dashboardRoutes = {
  stats: apiRoute({
    method: 'get',
    path: '/api/dashboard/stats',
    tags: ['Dashboard'],
    summary: "The dashboard's numbers: today's tasks and focus sessions, the streak, the badges",
    description:
      "Ours: the dashboard's stat cards from real data. Today is the member's day in `time_zone` (UTC when " +
      'absent; a zone Intl does not know **400**). `tasks_today` and `pomodoros_today`: tasks and focus ' +
      'sessions completed today; `streak_days`: days in a row, ending today or yesterday, with a completed ' +
      'task or focus session; `badges`: how many the member has earned.',
    request: { query: queryOf(dashboardStatsQuerySchema) },
    responses: {
      200: json(dashboardStatsSchema, "The member's numbers, today in their time zone (UTC if none)"),
    },
  }),
};

export function createDashboardRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  return createApiRouter().openapi(
    { ...dashboardRoutes.stats, middleware: deps.requireMember },
    async (c) => {
      const { time_zone } = c.req.valid('query');
      const timeZone = time_zone ? assertTimeZone(time_zone) : 'UTC';
      return c.json(await computeDashboardStats(deps.db, memberIdOf(c), timeZone, deps.now()), 200);
    },
  );
}
