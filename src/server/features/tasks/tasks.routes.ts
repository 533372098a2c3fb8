import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { readJson } from '#server/lib/validation.ts';
import {
  createTaskRequestSchema,
  restoreTaskRequestSchema,
  taskIdParamSchema,
  updateTaskRequestSchema,
} from '#shared/tasks.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { createTask, deleteTask, listTasksJson, restoreTask, updateTask } from './tasks.service.ts';

/** Part 1 §7 task calls, paths as the spec writes them. Every call acts on the signed-in member's own tasks. */
export function createTaskRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.use('/api/tasks', deps.requireMember);
  routes.use('/api/tasks/*', deps.requireMember);
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;

  routes.get('/api/tasks', async (c) => {
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(await listTasksJson(deps.db, memberId(c)));
  });

  routes.post('/api/tasks', async (c) => {
    const input = await readJson(c, createTaskRequestSchema);
    return c.json(await createTask(deps.db, memberId(c), input, deps.now()), 201);
  });

  routes.post('/api/tasks/restore', async (c) => {
    const { id } = await readJson(c, restoreTaskRequestSchema);
    return c.json(await restoreTask(deps.db, memberId(c), id, deps.now()));
  });

  routes.put('/api/tasks/:id', async (c) => {
    const id = parsePathId(taskIdParamSchema, c.req.param('id'), 'That task');
    const update = await readJson(c, updateTaskRequestSchema);
    return c.json(await updateTask(deps.db, memberId(c), id, update, deps.now()));
  });

  routes.delete('/api/tasks/:id', async (c) => {
    const id = parsePathId(taskIdParamSchema, c.req.param('id'), 'That task');
    await deleteTask(deps.db, memberId(c), id, deps.now());
    return c.json({ success: true });
  });

  return routes;
}
