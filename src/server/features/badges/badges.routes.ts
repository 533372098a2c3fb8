import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { parseWith } from '#server/lib/validation.ts';
import { badgesQuerySchema } from '#shared/badges.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { listMemberBadges } from './badges.service.ts';

/** `GET /api/badges[?userId=]`: the signed-in member's badges, or another member's (part 1 §6). */
export function createBadgeRoutes(deps: { db: Db; requireMember: ReturnType<typeof createRequireMember> }) {
  const routes = new Hono<AppEnv>();
  routes.get('/api/badges', deps.requireMember, async (c) => {
    const { userId } = parseWith(badgesQuerySchema, { userId: c.req.query('userId') });
    return c.json(await listMemberBadges(deps.db, userId ?? c.get('member').user.id));
  });
  return routes;
}
