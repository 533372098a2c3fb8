import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { parseWith } from '#server/lib/validation.ts';
import { calendarWeekQuerySchema } from '#shared/profile.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { getCalendarWeek } from './calendar.service.ts';

/** `GET /api/calendar/week?start=YYYY-MM-DD&time_zone=Area/City`: the member's own week (ours; see docs/api.md). */
export function createCalendarRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.get('/api/calendar/week', deps.requireMember, async (c) => {
    const query = parseWith(calendarWeekQuerySchema, {
      start: c.req.query('start') || undefined,
      time_zone: c.req.query('time_zone') || undefined,
    });
    const week = await getCalendarWeek(
      deps.db,
      c.get('member').user.id,
      { start: query.start, timeZone: query.time_zone },
      deps.now(),
    );
    return c.json(week);
  });
  return routes;
}
