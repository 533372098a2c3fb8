import type { Db } from '#server/db/database.ts';
import { assertTimeZone } from '#server/lib/data/time-zone.ts';
import { apiRoute, createApiRouter, json, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { queryOf } from '#server/lib/http/query.ts';
import {
  type Dashboard,
  dashboardQuerySchema,
  dashboardSchema,
  dashboardStatsQuerySchema,
  dashboardStatsSchema,
} from '#shared/dashboard.ts';
import { computeDashboardStats } from './dashboard.service.ts';

/**
 * `GET /api/dashboard/stats?time_zone=`: the stat cards from the member's own data. `GET /api/dashboard`:
 * every card's first answer in one call.
 */
export const dashboardRoutes = {
  firstLoad: apiRoute({
    method: 'get',
    path: '/api/dashboard',
    operationId: 'getDashboard',
    tags: ['Dashboard'],
    summary: "Everything the dashboard's cards show at first, in one call",
    description:
      'Ours: the profile (as `GET /api/profile/me`), the stats (today in `time_zone`, UTC when absent), the tasks, ' +
      'the badges, the music tracks, the last 6 media items, the widgets, the week calendar (in the saved zone ' +
      "of the profile, else `time_zone`), the notification centre's first page and the focus timer, each as its " +
      'own route answers it, read together: one request and one session look-up instead of eleven. A zone Intl ' +
      'does not know **400**.',
    request: { query: queryOf(dashboardQuerySchema) },
    responses: { 200: json(dashboardSchema, "The dashboard's first answers") },
  }),
  stats: apiRoute({
    method: 'get',
    path: '/api/dashboard/stats',
    operationId: 'getDashboardStats',
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
  /**
   * `GET /api/dashboard`'s answer, every card's first load from that card's own feature: the app composes it
   * (src/server/composition/dashboard-first-load.ts), so this feature imports none of theirs.
   */
  loadDashboard: (db: Db, userId: number, timeZone: string, now: Date) => Promise<Dashboard>;
  requireMember: RequireMember;
  now: () => Date;
}) {
  const timeZoneOf = (time_zone: string | undefined) => (time_zone ? assertTimeZone(time_zone) : 'UTC');
  return createApiRouter(deps.requireMember)
    .openapi(dashboardRoutes.stats, async (c) => {
      const timeZone = timeZoneOf(c.req.valid('query').time_zone);
      return c.json(await computeDashboardStats(deps.db, memberIdOf(c), timeZone, deps.now()), 200);
    })
    .openapi(dashboardRoutes.firstLoad, async (c) => {
      const timeZone = timeZoneOf(c.req.valid('query').time_zone);
      return c.json(await deps.loadDashboard(deps.db, memberIdOf(c), timeZone, deps.now()), 200);
    });
}
