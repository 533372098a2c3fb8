/**
 * Scheduled notifications across two servers, one killed halfway (issue 29's closing figures): two Lumara
 * processes on one PostgreSQL database and one Redis, 20 members with a device each on a push service on loopback
 * that checks every VAPID signature and decrypts every payload (tests/fakes/push-receiver.ts). 1,000 notifications
 * (800 task reminders, 200 timer ends) fall due spread over two minutes; at the halfway mark server A is killed
 * (SIGKILL), and B carries on alone, taking over what A held when its leases run out. Printed: how many arrived,
 * how many twice (the same id and tag: a device shows it once), how many never, and lateness (from `send_at` to
 * the push's arrival) p50, p99 and max.
 *
 * `node bench/scheduled-notifications.ts` (not part of `npm test`); `BENCH_NOTIFICATIONS` and `BENCH_SPREAD_S`
 * change the count and the spread. Needs the machine's PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_TEST_URL).
 */
import pg from 'pg';
import { pushPayloadSchema } from '../src/shared/notifications.ts';
import { pushPublicKeySchema } from '../src/shared/push.ts';
import { startPushReceiver } from '../tests/fakes/push-receiver.ts';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { missingScaleOutServices, serverPairKit } from '../tests/setup/server-pair.ts';
import { percentile } from './percentile.ts';

const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000);
const SPREAD_S = Number(process.env.BENCH_SPREAD_S ?? 120);
const MEMBERS = 20;
/** The first notification falls due this long after scheduling, so both servers are polling by then. */
const LEAD_S = 5;
const APP_URL = 'http://lumara.test';
/** The dispatcher's lease (notification-dispatcher.ts): what A held when killed comes back after it. */
const LEASE_MS = 20_000;

async function main(): Promise<void> {
  const missing = await missingScaleOutServices();
  if (missing.length > 0) {
    console.log(`Scheduled notifications across two servers: skipped, ${missing.join('; ')}`);
    return;
  }
  const receiver = await startPushReceiver();
  const kit = serverPairKit({
    appUrl: APP_URL,
    outboundPorts: () => [receiver.port],
    startTimeoutMs: 120_000,
  });
  try {
    const databaseUrl = await kit.freshDatabase();
    const { a, b } = await kit.startPair(databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // Members and their devices, through the API as browsers do.
      const members: { id: number; device: string }[] = [];
      for (let n = 0; n < MEMBERS; n++) {
        const email = `bench-${n}@example.test`;
        const cookie = await signInOverHttp(a.url, { name: `Bench ${n}`, email }, { origin: APP_URL });
        const headers = { cookie, origin: APP_URL, 'content-type': 'application/json' };
        const key = pushPublicKeySchema.parse(
          await (await fetch(`${b.url}/api/push/public-key`, { headers })).json(),
        ).publicKey;
        const device = receiver.subscribe(key);
        const answer = await fetch(`${b.url}/api/push/subscriptions`, {
          method: 'POST',
          headers,
          body: JSON.stringify(device),
        });
        if (answer.status !== 201) throw new Error(`subscribe: ${answer.status} ${await answer.text()}`);
        const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
        members.push({ id: rows[0]?.id ?? 0, device: device.id });
      }

      // 800 reminders of tasks due today and 200 timer ends, spread evenly over SPREAD_S seconds.
      const today = new Date().toISOString().slice(0, 10);
      const reminders = Math.round(COUNT * 0.8);
      const { rows: tasks } = await client.query<{ id: number; user_id: number }>(
        `INSERT INTO tasks (user_id, title, due_date, due_time, time_zone)
         SELECT ($1::integer[])[1 + (n % $2::integer)], 'Bench task ' || n, $3::date, '17:00', 'UTC'
         FROM generate_series(0, $4::integer - 1) AS n RETURNING id, user_id`,
        [members.map((m) => m.id), MEMBERS, today, reminders],
      );
      const { rows: sessions } = await client.query<{ id: number; user_id: number }>(
        `INSERT INTO pomodoro_sessions (user_id, duration_minutes, started_at)
         SELECT ($1::integer[])[1 + (n % $2::integer)], 25, now() FROM generate_series(0, $3::integer - 1) AS n
         RETURNING id, user_id`,
        [members.map((m) => m.id), MEMBERS, COUNT - reminders],
      );
      const planned = [
        ...tasks.map((task) => ({
          userId: task.user_id,
          type: 'task.reminder',
          key: `task.reminder:${task.id}:${today}T17:00:0`,
          subject: `task:${task.id}`,
          payload: { task_id: task.id, due: `${today}T17:00` },
        })),
        ...sessions.map((session) => ({
          userId: session.user_id,
          type: 'pomodoro.finished',
          key: `pomodoro.finished:${session.id}`,
          subject: `session:${session.id}`,
          payload: { session_id: session.id },
        })),
      ];
      const sendAt = new Map<string, number>();
      const { rows: scheduled } = await client.query<{ dedupe_key: string; at: string }>(
        `INSERT INTO scheduled_notifications (user_id, type, dedupe_key, send_at, payload)
         SELECT u, t, k, now() + (o * interval '1 millisecond'), p::jsonb
         FROM unnest($1::integer[], $2::text[], $3::text[], $4::integer[], $5::text[]) AS x(u, t, k, o, p)
         RETURNING dedupe_key, (extract(epoch from send_at) * 1000)::bigint::text AS at`,
        [
          planned.map((item) => item.userId),
          planned.map((item) => item.type),
          planned.map((item) => item.key),
          planned.map((_, n) => Math.round(LEAD_S * 1000 + (n * SPREAD_S * 1000) / planned.length)),
          planned.map((item) => JSON.stringify(item.payload)),
        ],
      );
      for (const row of scheduled) sendAt.set(row.dedupe_key, Number(row.at));
      const subjectToKey = new Map(planned.map((item) => [item.subject, item.key]));
      const start = Date.now();
      console.log(
        `${planned.length} notifications scheduled over ${SPREAD_S} s for ${MEMBERS} members; servers A and B polling`,
      );

      // Halfway through, A dies without a word.
      await sleep(LEAD_S * 1000 + (SPREAD_S * 1000) / 2);
      await a.stop('SIGKILL');
      const killedAt = Date.now() - start;
      console.log(`A killed (SIGKILL) at ${(killedAt / 1000).toFixed(1)} s`);

      const deadline = start + (LEAD_S + SPREAD_S) * 1000 + LEASE_MS + 20_000;
      await receiver
        .waitFor(() => receiver.received().length >= planned.length, Math.max(0, deadline - Date.now()))
        .catch(() => undefined);
      // Anything sent twice comes within a lease of the first.
      await sleep(5_000);

      const firstArrival = new Map<string, number>();
      const notificationIds = new Map<string, Set<number>>();
      let receipts = 0;
      for (const push of receiver.received()) {
        const payload = pushPayloadSchema.parse(JSON.parse(push.text));
        const subject =
          payload.type === 'task.reminder'
            ? `task:${payload.data.task_id}`
            : `session:${payload.data.session_id}`;
        const key = subjectToKey.get(subject);
        if (!key) continue;
        receipts += 1;
        if (!firstArrival.has(key)) firstArrival.set(key, push.at);
        const ids = notificationIds.get(key) ?? new Set<number>();
        ids.add(payload.id);
        notificationIds.set(key, ids);
      }
      const lateness = [...firstArrival].map(([key, at]) => at - (sendAt.get(key) ?? at));
      const lateAfterKill = [...firstArrival]
        .filter(([key]) => (sendAt.get(key) ?? 0) - start >= killedAt - LEASE_MS)
        .map(([key, at]) => at - (sendAt.get(key) ?? at));
      const distinctIdsTwice = [...notificationIds.values()].filter((ids) => ids.size > 1).length;
      const { rows: statuses } = await client.query<{ status: string; n: string }>(
        `SELECT status, count(*)::text AS n FROM scheduled_notifications WHERE dedupe_key NOT LIKE 'push.retry:%'
         GROUP BY status ORDER BY status`,
      );
      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        [
          `scheduled: ${planned.length}`,
          `delivered (distinct notifications): ${firstArrival.size}`,
          `missing: ${planned.length - firstArrival.size}`,
          `duplicates (pushes beyond the first, same id and tag): ${receipts - firstArrival.size}`,
          `notifications pushed under two different ids: ${distinctIdsTwice}`,
          `lateness (send_at → arrival at the push service): p50 ${seconds(percentile(lateness, 50))}, ` +
            `p99 ${seconds(percentile(lateness, 99))}, max ${seconds(Math.max(...lateness))}`,
          `  of those due from one lease before the kill on: p50 ${seconds(percentile(lateAfterKill, 50))}, ` +
            `p99 ${seconds(percentile(lateAfterKill, 99))}`,
          `later than 60 s: ${lateness.filter((ms) => ms > 60_000).length}`,
          `rows by status: ${statuses.map((row) => `${row.status} ${row.n}`).join(', ')}`,
        ].join('\n'),
      );
    } finally {
      await client.end();
    }
  } finally {
    await kit.stopAll();
    await receiver.close();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

await main();
