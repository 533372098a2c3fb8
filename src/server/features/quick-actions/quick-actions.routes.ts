import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { readJson } from '#server/lib/validation.ts';
import { createQuickActionRequestSchema, quickActionIdParamSchema } from '#shared/quick-actions.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import {
  createQuickAction,
  deleteQuickAction,
  listQuickActions,
  seedQuickActions,
} from './quick-actions.service.ts';

/**
 * Part 2 §7 quick actions, paths as the spec writes them, plus `POST /api/quick-actions/seed` (ours: the "seed the
 * five defaults" of §4). Every call acts on the signed-in member's own actions.
 */
export function createQuickActionRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  const member = deps.requireMember;
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;

  routes.get('/api/quick-actions', member, async (c) => c.json(await listQuickActions(deps.db, memberId(c))));

  routes.post('/api/quick-actions', member, async (c) => {
    const input = await readJson(c, createQuickActionRequestSchema);
    return c.json(await createQuickAction(deps.db, memberId(c), input, deps.now()), 201);
  });

  // 201 when the five were added, 200 when the member already had actions and nothing changed.
  routes.post('/api/quick-actions/seed', member, async (c) => {
    const { seeded, actions } = await seedQuickActions(deps.db, memberId(c), deps.now());
    return c.json(actions, seeded ? 201 : 200);
  });

  routes.delete('/api/quick-actions/:id', member, async (c) => {
    const id = parsePathId(quickActionIdParamSchema, c.req.param('id'), 'That quick action');
    await deleteQuickAction(deps.db, memberId(c), id);
    return c.json({ success: true });
  });

  return routes;
}
