import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { readJson } from '#server/lib/validation.ts';
import { pomodoroIdParamSchema, startPomodoroRequestSchema } from '#shared/pomodoro.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { completePomodoro, startPomodoro } from './pomodoro.service.ts';

/** Part 1 §7: `POST /api/pomodoro` records a started session; `PUT /api/pomodoro/{id}/complete` finishes it. */
export function createPomodoroRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.use('/api/pomodoro', deps.requireMember);
  routes.use('/api/pomodoro/*', deps.requireMember);

  routes.post('/api/pomodoro', async (c) => {
    const input = await readJson(c, startPomodoroRequestSchema);
    return c.json(await startPomodoro(deps.db, c.get('member').user.id, input, deps.now()), 201);
  });

  routes.put('/api/pomodoro/:id/complete', async (c) => {
    const id = parsePathId(pomodoroIdParamSchema, c.req.param('id'), 'That focus session');
    return c.json(await completePomodoro(deps.db, c.get('member').user.id, id, deps.now()));
  });

  return routes;
}
