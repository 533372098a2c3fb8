import { Hono } from 'hono';
import type { Database } from '#server/db/database.ts';
import { readinessResponseSchema } from '#shared/health.ts';

/** A shared part this server needs to serve (Redis, the object store): true while it answers. */
export type ReadinessProbe = () => Promise<boolean>;

/**
 * Liveness and readiness for load balancers and orchestrators. /healthz touches nothing (the process answers);
 * /readyz answers 503 while the database, or a shared part the server is configured with (Redis, the object
 * store), cannot be reached, naming which, so traffic goes elsewhere. /healthz names the Node version in use (the
 * project runs on Node 24 even where the machine's Node is older).
 */
export function createHealthRoutes(deps: {
  database: Database;
  startedAt: number;
  probes?: { redis?: ReadinessProbe; object_store?: ReadinessProbe };
}) {
  const routes = new Hono();
  routes.get('/healthz', (c) =>
    c.json({
      status: 'ok',
      node: process.version,
      uptime_s: Math.round((Date.now() - deps.startedAt) / 1000),
    }),
  );
  routes.get('/readyz', async (c) => {
    const parts = Object.entries({ database: () => deps.database.ping(), ...deps.probes });
    // A probe that throws counts as down: readiness must answer, whatever the part does.
    const states = await Promise.all(
      parts.map(
        async ([name, probe]) => [name, (await probe?.().catch(() => false)) ? 'up' : 'down'] as const,
      ),
    );
    const ready = states.every(([, state]) => state === 'up');
    const answer = readinessResponseSchema.parse({
      status: ready ? 'ready' : 'unavailable',
      ...Object.fromEntries(states),
    });
    return c.json(answer, ready ? 200 : 503);
  });
  return routes;
}
