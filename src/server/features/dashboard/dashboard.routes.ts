import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { assertTimeZone } from '#server/lib/time-zone.ts';
import { parseWith } from '#server/lib/validation.ts';
import { dashboardStatsQuerySchema } from '#shared/dashboard.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { computeDashboardStats } from './dashboard.service.ts';

/** `GET /api/dashboard/stats?time_zone=`: ours (the spec's dashboard showed sample numbers). */
export function createDashboardRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.get('/api/dashboard/stats', deps.requireMember, async (c) => {
    const { time_zone } = parseWith(dashboardStatsQuerySchema, { time_zone: c.req.query('time_zone') });
    const timeZone = time_zone ? assertTimeZone(time_zone) : 'UTC';
    return c.json(await computeDashboardStats(deps.db, c.get('member').user.id, timeZone, deps.now()));
  });
  return routes;
}
