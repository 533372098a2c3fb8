import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { databaseAddress } from '#tests/setup/test-database.ts';

/**
 * One browser's flood: past its share of requests in flight, the next is refused with 429 before it
 * touches the database, so it never takes a place in the database's queue from another member.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    limits: { memberRequestsInFlight: 2 },
    reachDatabase: (fresh) => openDatabase({ kind: 'postgres', url: databaseAddress(fresh).url, poolMax: 1 }),
  });
});
afterAll(() => t.close());

describe('requests in flight per browser', () => {
  it('refuses one more than the cap at once with 429, leaves other members alone, and frees up', async () => {
    const [flooder, other] = [await signInMember(t), await signInMember(t)];
    // Every request now waits for the one database connection, held here.
    const held = await t.database.pool.connect();
    const waiting = [
      t.request('/api/tasks', { cookie: flooder.cookie }),
      t.request('/api/tasks', { cookie: flooder.cookie }),
    ];
    await expect.poll(() => t.database.pool.waitingCount).toBe(2);

    const refused = await t.request('/api/tasks', { cookie: flooder.cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(t.database.pool.waitingCount).toBe(2);

    const othersRequest = t.request('/api/tasks', { cookie: other.cookie });
    await expect.poll(() => t.database.pool.waitingCount).toBe(3);
    held.release();
    expect((await Promise.all([...waiting, othersRequest])).map((response) => response.status)).toEqual([
      200, 200, 200,
    ]);
    expect((await t.request('/api/tasks', { cookie: flooder.cookie })).status).toBe(200);
  });

  it('gives made-up session cookies no allowance of their own: they share their address’s', async () => {
    const member = await signInMember(t);
    const madeUp = () => `lumara_session=${randomBytes(32).toString('base64url')}`;
    // Each made-up cookie makes the server look its session up, which now waits for the held connection.
    const held = await t.database.pool.connect();
    const waiting = [
      t.request('/api/tasks', { cookie: madeUp(), from: '198.51.100.30' }),
      t.request('/api/tasks', { cookie: madeUp(), from: '198.51.100.30' }),
    ];
    await expect.poll(() => t.database.pool.waitingCount).toBe(2);

    const refused = await t.request('/api/tasks', { cookie: madeUp(), from: '198.51.100.30' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(t.database.pool.waitingCount).toBe(2);
    // A session the database knows keeps its own allowance, from the same address.
    const membersRequest = t.request('/api/tasks', { cookie: member.cookie, from: '198.51.100.30' });
    await expect.poll(() => t.database.pool.waitingCount).toBe(3);
    held.release();
    expect((await Promise.all([...waiting, membersRequest])).map((response) => response.status)).toEqual([
      401, 401, 200,
    ]);
  });
});
