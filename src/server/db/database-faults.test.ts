import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/lib/infra/logger.ts';
import { signInMember } from '#tests/factories/members.ts';
import { type FaultProxy, startFaultProxy } from '#tests/fakes/fault-proxy.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { databaseAddress } from '#tests/setup/test-database.ts';
import { openDatabase } from './database.ts';

/**
 * The database going away under a running server (failure 1): a PostgreSQL restart, a failover or a
 * network blip resets every connection, including those a request or a transaction holds at that moment. The
 * server must live through it, answer 503 JSON while the database is gone, and reconnect by itself. A fault proxy
 * between the app and its database cuts connections on cue, on PGlite and on PostgreSQL alike.
 */
let t: TestApp;
let proxy: FaultProxy;
const logLines: { msg?: string; err?: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    logger: createLogger('warn', { write: (line: string) => logLines.push(JSON.parse(line)) }),
    async reachDatabase(fresh) {
      const address = databaseAddress(fresh);
      proxy = await startFaultProxy(address.target);
      return openDatabase(
        { kind: 'postgres', url: address.urlThrough(proxy.port), poolMax: 3 },
        createLogger('warn', { write: (line: string) => logLines.push(JSON.parse(line)) }),
      );
    },
  });
});
afterAll(async () => {
  await t.close();
  await proxy.close();
});

describe('the database connection dropping', () => {
  it('does not crash when connections held by a request and by an open transaction are reset', async () => {
    const { pool } = t.database;
    // Both are checked out before the transaction opens: the embedded database serves one transaction at a time,
    // so a connection opened while another holds a transaction would wait for it.
    const inTransaction = await pool.connect();
    const checkedOut = await pool.connect();
    await inTransaction.query('BEGIN');
    expect(proxy.open()).toBeGreaterThanOrEqual(2);

    proxy.cut();

    // Without an error listener on checked-out clients, the reset above is an unhandled 'error' event that ends
    // the process (and fails this file). With one, it is logged and the clients' next queries fail.
    await expect
      .poll(() => logLines.filter((line) => line.msg === 'database connection lost').length)
      .toBeGreaterThanOrEqual(2);
    await expect(inTransaction.query('SELECT 1')).rejects.toThrow();
    await expect(checkedOut.query('SELECT 1')).rejects.toThrow();
    inTransaction.release(true);
    checkedOut.release(true);

    // The pool connects anew for the next request.
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows[0]?.one).toBe(1);
  });

  it('answers 503 JSON and an unready /readyz while the database is down, and recovers by itself', async () => {
    const { cookie } = await signInMember(t);
    expect((await t.request('/api/tasks', { cookie })).status).toBe(200);

    proxy.setDown(true);
    const during = await t.request('/api/tasks', { cookie });
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({
      error: { code: 'database_unavailable', message: 'The database is unavailable. Try again shortly.' },
    });
    const write = await t.request('/api/tasks', { method: 'POST', cookie, body: { title: 'While down' } });
    expect(write.status).toBe(503);
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ database: 'down' });

    proxy.setDown(false);
    await expect.poll(async () => (await t.request('/readyz')).status, { timeout: 5_000 }).toBe(200);
    const after = await t.request('/api/tasks', { cookie });
    expect(after.status).toBe(200);
    // The write refused during the outage left nothing behind.
    expect((await after.json()) as unknown[]).toEqual([]);
  });
});
