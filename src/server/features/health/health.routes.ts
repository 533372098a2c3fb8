import { Hono } from 'hono';
import type { Database } from '#server/db/database.ts';

/**
 * Liveness and readiness for load balancers and orchestrators. /healthz touches nothing (the process answers);
 * /readyz answers 503 while the database cannot take a query, so traffic goes elsewhere. /healthz names the
 * Node version in use (the project runs on Node 24 even where the machine's Node is older).
 */
export function createHealthRoutes(deps: { database: Database; startedAt: number }) {
  const routes = new Hono();
  routes.get('/healthz', (c) =>
    c.json({
      status: 'ok',
      node: process.version,
      uptime_s: Math.round((Date.now() - deps.startedAt) / 1000),
    }),
  );
  routes.get('/readyz', async (c) => {
    const up = await deps.database.ping();
    return c.json({ status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' }, up ? 200 : 503);
  });
  return routes;
}
