import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { readJson } from '#server/lib/validation.ts';
import { createWidgetBodySchema, updateWidgetRequestSchema, widgetIdParamSchema } from '#shared/widgets.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { createWidget, deleteWidget, listWidgets, updateWidget } from './widgets.service.ts';

/**
 * Part 2 §7 widget calls, and `PUT /api/widgets/{id}` for the order kept on the server. Every call acts on the
 * signed-in member's own widgets. `appUrl` is the app's public origin: a widget may not frame the app itself.
 */
export function createWidgetRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  appUrl: URL;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.use('/api/widgets', deps.requireMember);
  routes.use('/api/widgets/*', deps.requireMember);
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;

  routes.get('/api/widgets', async (c) => c.json(await listWidgets(deps.db, memberId(c))));

  routes.post('/api/widgets', async (c) => {
    const input = await readJson(c, createWidgetBodySchema);
    return c.json(await createWidget(deps.db, memberId(c), input, deps.appUrl.origin, deps.now()), 201);
  });

  routes.put('/api/widgets/:id', async (c) => {
    const id = parsePathId(widgetIdParamSchema, c.req.param('id'), 'That widget');
    const update = await readJson(c, updateWidgetRequestSchema);
    return c.json(await updateWidget(deps.db, memberId(c), id, update));
  });

  routes.delete('/api/widgets/:id', async (c) => {
    const id = parsePathId(widgetIdParamSchema, c.req.param('id'), 'That widget');
    await deleteWidget(deps.db, memberId(c), id);
    return c.json({ success: true });
  });

  return routes;
}
