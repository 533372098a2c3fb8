import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { badgesQuerySchema, earnedBadgeListSchema } from '#shared/badges.ts';
import { listEarnedBadges, listMemberBadges } from './badges.service.ts';

/** `GET /api/badges[?userId=]`: the signed-in member's badges, or another member's. */
export const badgeRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/badges',
    operationId: 'listBadges',
    tags: ['Badges'],
    summary: "The member's badges, or another member's",
    description:
      'The badges of the member, or of another member named by `userId` (badges are public), in the order ' +
      'earned. An unknown member **404**.',
    request: { query: queryOf(badgesQuerySchema) },
    responses: { 200: json(earnedBadgeListSchema, 'The badges earned, with when') },
  }),
};

export function createBadgeRoutes(deps: { db: Db; requireMember: RequireMember }) {
  return createApiRouter(deps.requireMember).openapi(badgeRoutes.list, async (c) => {
    const { userId } = c.req.valid('query');
    // The signed-in member exists (their session says so): only another member's id needs looking up.
    if (userId === undefined) return c.json(await listEarnedBadges(deps.db, memberIdOf(c)), 200);
    return c.json(await listMemberBadges(deps.db, userId), 200);
  });
}
