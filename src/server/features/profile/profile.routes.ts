import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { readJson } from '#server/lib/validation.ts';
import { setAiRequestSchema } from '#shared/ai.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { setAiChoice } from './profile.service.ts';

/** Part 2 §7 profile calls. For now the saved AI choice; the profile issue adds `me` and `set-status` here. */
export function createProfileRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.use('/api/profile/*', deps.requireMember);

  routes.post('/api/profile/set-ai', async (c) => {
    const choice = await readJson(c, setAiRequestSchema);
    return c.json(await setAiChoice(deps.db, c.get('member').user.id, choice, deps.now()));
  });

  return routes;
}
