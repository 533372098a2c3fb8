import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, readinessResponseSchema } from '#shared/health.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

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
