import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { databaseAddress } from '#tests/setup/test-database.ts';
import { DatabaseBusyError } from './bounded-pool.ts';
import { openDatabase } from './database.ts';

/**
 * The bounded wait for a database connection: one connection, at most two requests waiting for it;
 * the next request is refused at once with a 503 instead of joining a queue that only grows.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    reachDatabase: (fresh) =>
      openDatabase({
        kind: 'postgres',
        url: databaseAddress(fresh).url,
        poolMax: 1,
        queueMax: 2,
      }),
  });
});
afterAll(() => t.close());

describe('the wait for a database connection', () => {
  it('queues up to its limit, refuses the next at once, and serves those queued when a connection frees', async () => {
    const { cookie } = await signInMember(t);
    const held = await t.database.pool.connect();
    const queued = [t.request('/api/tasks', { cookie }), t.request('/api/tasks', { cookie })];
    await expect.poll(() => t.database.pool.waitingCount).toBe(2);

    const refused = await t.request('/api/tasks', { cookie });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: { code: 'server_busy', message: 'The server is busy. Try again shortly.' },
    });
    await expect(t.database.pool.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseBusyError);

    held.release();
    expect((await Promise.all(queued)).map((response) => response.status)).toEqual([200, 200]);
    expect((await t.request('/api/tasks', { cookie })).status).toBe(200);
  });
});
