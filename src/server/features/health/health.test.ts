import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, readinessResponseSchema } from '#shared/health.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createHealthRoutes } from './health.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('/healthz answers ok and names the Node version in use', async () => {
    const response = await t.request('/healthz');
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.node).toBe(process.version);
  });

  it('/readyz names Redis and the object store where the server has them, and is unavailable while one is down', async () => {
    let redisUp = true;
    const routes = createHealthRoutes({
      database: t.database,
      startedAt: Date.now(),
      probes: {
        redis: async () => redisUp,
        object_store: async () => {
          if (!redisUp) throw new Error('connection refused');
          return true;
        },
      },
    });
    const ready = await routes.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'up', object_store: 'up' });

    redisUp = false;
    const down = await routes.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      status: 'unavailable',
      database: 'up',
      redis: 'down',
      object_store: 'down',
    });
  });

  it('/readyz answers ready while the database takes queries, 503 when it does not', async () => {
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(200);
    expect(readinessResponseSchema.parse(await ready.json())).toEqual({ status: 'ready', database: 'up' });

    await t.database.pool.end();
    const down = await t.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable', database: 'down' });
    // With the database gone, API calls fail fast with 503, not 500.
    const me = await t.request('/api/users/me', { cookie: `lumara_session=${'a'.repeat(43)}` });
    expect(me.status).toBe(503);
  });
});
