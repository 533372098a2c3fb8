import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '#shared/notifications.ts';
import { pomodoroSessionSchema } from '#shared/pomodoro.ts';
import { pushPublicKeySchema } from '#shared/push.ts';
import { taskSchema } from '#shared/tasks.ts';
import { type FakeSubscription, type PushReceiver, startPushReceiver } from '#tests/fakes/push-receiver.ts';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { missingScaleOutServices, serverPairKit } from '#tests/setup/server-pair.ts';
import type { ServerProcess } from '#tests/setup/server-process.ts';

/*
 * Web Push from two real Lumara processes sharing one PostgreSQL and one Redis, to a push service on loopback
 * that checks every VAPID signature and decrypts every payload (tests/fakes/push-receiver.ts). A task reminder, a
 * timer's end and a test push arrive once each whichever server claims them; and when the server holding a
 * reminder is killed (SIGKILL) in the middle of its push, the other sends it after the lease, and the device sees
 * one notification: the same id (and tag) twice at most, counted and reported. Runs on the machine's PostgreSQL and
 * Redis like two-servers.test.ts, and is skipped (said why) without them.
 */

const APP_URL = 'http://lumara.test';
/** The dispatcher's production lease (notification-dispatcher.ts), which the servers run with. */
const LEASE_MS = 20_000;

const missing = await missingScaleOutServices();
if (missing.length > 0) {
  const message = `push scale-out suite: ${missing.join('; ')}`;
  if (process.env.CI) throw new Error(message);
  console.warn(`${message}. Skipped (set TEST_DATABASE_URL and REDIS_TEST_URL to run it).`);
}

describe.skipIf(missing.length > 0)('Web Push from two servers on one PostgreSQL and Redis', () => {
  let receiver: PushReceiver | undefined;
  // A cold start of two servers from sources can pass 30 s on a loaded machine.
  const kit = serverPairKit({
    appUrl: APP_URL,
    outboundPorts: () => [receiver?.port],
    startTimeoutMs: 90_000,
  });

  beforeAll(async () => {
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    const results = await Promise.allSettled([kit.stopAll(), receiver?.close()]);
    const failures = results.filter((result) => result.status === 'rejected');
    if (failures.length > 0) throw new AggregateError(failures.map((failure) => failure.reason));
  }, 30_000);

  const send = (server: ServerProcess, cookie: string, method: string, route: string, body?: unknown) =>
    fetch(`${server.url}${route}`, {
      method,
      headers: {
        cookie,
        origin: APP_URL,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A member signed in on A with one device, subscribed through B with the key A gave (both give the same). */
  async function memberWithDevice(pair: { a: ServerProcess; b: ServerProcess }, name: string) {
    const cookie = await signInOverHttp(
      pair.a.url,
      { name, email: `${name.toLowerCase()}@example.test` },
      { origin: APP_URL },
    );
    const keyOf = async (server: ServerProcess) =>
      pushPublicKeySchema.parse(await (await send(server, cookie, 'GET', '/api/push/public-key')).json())
        .publicKey;
    const [keyA, keyB] = await Promise.all([keyOf(pair.a), keyOf(pair.b)]);
    expect(keyB).toBe(keyA);
    const device = receiver?.subscribe(keyA);
    if (!device) throw new Error('no push receiver');
    const subscribed = await send(pair.b, cookie, 'POST', '/api/push/subscriptions', device);
    expect(subscribed.status, await subscribed.clone().text()).toBe(201);
    return { cookie, device };
  }

  async function withDatabase<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  /** A reminder of `taskId` due `inMs` from now on the database's clock, as the tasks feature plans one. */
  function scheduleReminder(client: pg.Client, userId: number, taskId: number, inMs: number) {
    return client.query(
      `INSERT INTO scheduled_notifications (user_id, type, dedupe_key, send_at, payload)
       VALUES ($1, 'task.reminder', $2, now() + $3 * interval '1 millisecond', $4)`,
      [
        userId,
        `task.reminder:${taskId}:2026-11-28:0`,
        inMs,
        JSON.stringify({ task_id: taskId, due: '2026-11-28' }),
      ],
    );
  }

  async function userIdOf(client: pg.Client, email: string): Promise<number> {
    const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const id = rows[0]?.id;
    if (!id) throw new Error(`no member ${email}`);
    return id;
  }

  const payloadsOf = (device: FakeSubscription) =>
    (receiver?.received(device.id) ?? []).map((push) => pushPayloadSchema.parse(JSON.parse(push.text)));

  it('a reminder, a timer end and a test push arrive once each, with one VAPID key on both servers', async () => {
    const databaseUrl = await kit.freshDatabase();
    const pair = await kit.startPair(databaseUrl);
    const { cookie, device } = await memberWithDevice(pair, 'Planner');
    const task = taskSchema.parse(
      await (
        await send(pair.a, cookie, 'POST', '/api/tasks', {
          title: 'Water the plants',
          due_date: '2026-11-28',
        })
      ).json(),
    );
    const session = pomodoroSessionSchema.parse(
      await (await send(pair.b, cookie, 'POST', '/api/pomodoro', { duration_minutes: 25 })).json(),
    );
    await withDatabase(databaseUrl, async (client) => {
      const userId = await userIdOf(client, 'planner@example.test');
      await scheduleReminder(client, userId, task.id, 1_500);
      await client.query(
        `INSERT INTO scheduled_notifications (user_id, type, dedupe_key, send_at, payload)
         VALUES ($1, 'pomodoro.finished', $2, now() + interval '2 seconds', $3)`,
        [userId, `pomodoro.finished:${session.id}`, JSON.stringify({ session_id: session.id })],
      );
    });
    expect((await send(pair.b, cookie, 'POST', '/api/push/test')).status).toBe(202);

    await receiver?.waitFor(() => payloadsOf(device).length >= 3, 20_000);
    // Both servers poll every 2 s: a second send, were there one, would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const payloads = payloadsOf(device);
    expect(payloads.map((payload) => payload.type).sort()).toEqual([
      'pomodoro.finished',
      'push.test',
      'task.reminder',
    ]);
    expect(payloads.find((payload) => payload.type === 'task.reminder')).toMatchObject({
      title: 'Water the plants',
      url: `/?task=${task.id}`,
      tag: `task:${task.id}`,
      data: { task_id: task.id, due: '2026-11-28' },
    });
    expect(payloads.find((payload) => payload.type === 'pomodoro.finished')).toMatchObject({
      url: '/focus',
      data: { session_id: session.id },
    });
  }, 150_000);

  it('a reminder whose server is killed mid-push is sent by the other after the lease, shown once', async () => {
    const databaseUrl = await kit.freshDatabase();
    const pair = await kit.startPair(databaseUrl);
    const { cookie, device } = await memberWithDevice(pair, 'Sleeper');
    const task = taskSchema.parse(
      await (
        await send(pair.a, cookie, 'POST', '/api/tasks', { title: 'Call Ana', due_date: '2026-11-28' })
      ).json(),
    );
    // The first push is held by the push service long enough to kill whichever server is making it.
    receiver?.behave(device.id, { slowMs: 4_000, times: 1 });
    const holder = await withDatabase(databaseUrl, async (client) => {
      await scheduleReminder(client, await userIdOf(client, 'sleeper@example.test'), task.id, 500);
      await receiver?.waitFor(() => (receiver?.arrivals(device.id) ?? 0) > 0, 15_000);
      const { rows } = await client.query<{ locked_by: string }>(
        "SELECT locked_by FROM scheduled_notifications WHERE dedupe_key LIKE 'task.reminder:%'",
      );
      return rows[0]?.locked_by ?? '';
    });
    const [victim, survivor] = pair.a.lines.some((line) => line.includes(holder))
      ? [pair.a, pair.b]
      : [pair.b, pair.a];
    expect(
      victim.lines.some((line) => line.includes(holder)),
      `no server says it is ${holder}`,
    ).toBe(true);
    const killedAt = Date.now();
    await victim.stop('SIGKILL');

    await receiver?.waitFor(() => (receiver?.arrivals(device.id) ?? 0) >= 2, LEASE_MS + 15_000);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const arrivals = receiver?.attempts(device.id) ?? [];
    const payloads = payloadsOf(device);
    const ids = new Set(payloads.map((payload) => payload.id));
    const duplicates = payloads.length - ids.size;
    console.info(
      `killed-holder reminder: ${payloads.length} pushes received, ${ids.size} distinct, ${duplicates} duplicate(s) ` +
        `(same id and tag, shown once); resent ${Math.round(((arrivals.at(-1)?.at ?? 0) - killedAt) / 1000)} s after the kill`,
    );
    expect(ids.size).toBe(1);
    expect(duplicates).toBeLessThanOrEqual(1);
    expect(payloads.every((payload) => payload.tag === `task:${task.id}`)).toBe(true);
    // The survivor took it over after the lease, not before.
    expect((arrivals.at(-1)?.at ?? 0) - killedAt).toBeGreaterThan(LEASE_MS - 8_000);
    expect(survivor.child.exitCode).toBeNull();
    const row = await withDatabase(databaseUrl, async (client) => {
      const { rows } = await client.query<{ status: string; attempts: number }>(
        "SELECT status, attempts FROM scheduled_notifications WHERE dedupe_key LIKE 'task.reminder:%'",
      );
      return rows[0];
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  }, 180_000);
});
