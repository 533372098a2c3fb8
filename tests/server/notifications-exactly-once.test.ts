import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationSending } from '#server/composition/notification-sending.ts';
import { pushConfigFor } from '#server/config.ts';
import { notifications, scheduledNotifications } from '#server/db/schema.ts';
import { createInProcessEventBus } from '#server/lib/infra/event-bus.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { pushPayloadSchema } from '#shared/notifications.ts';
import { pushPublicKeySchema } from '#shared/push.ts';
import { signInMember } from '#tests/factories/members.ts';
import { type FakeSubscription, type PushReceiver, startPushReceiver } from '#tests/fakes/push-receiver.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * Exactly once across servers: two dispatchers, as two app instances run them (the same wiring as app.ts), claim
 * from one database at once, and each notification reaches each device once. The test app's own dispatcher polls
 * once an hour here, so only the two instances send. On PGlite every statement goes through one connection, so
 * the claims interleave rather than contend; the scale-out suite runs two processes on PostgreSQL.
 */

let t: TestApp;
let receiver: PushReceiver;
const members: { id: number; device: FakeSubscription }[] = [];
const closing = new AbortController();
/** Enough to keep both servers claiming at once; PGlite sends a few dozen a second on a busy machine. */
const COUNT = 120;

beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await buildTestApp({
    media: { outbound: { extraAllowed: ['127.0.0.1'], extraPorts: [receiver.port] } },
    notifications: { pollMs: 3_600_000 },
  });
  for (let n = 0; n < 4; n++) {
    const member = await signInMember(t);
    const { publicKey } = pushPublicKeySchema.parse(
      await (await t.request('/api/push/public-key', { cookie: member.cookie })).json(),
    );
    const device = receiver.subscribe(publicKey);
    await t.request('/api/push/subscriptions', { method: 'POST', cookie: member.cookie, body: device });
    members.push({ id: member.user.id, device });
  }
});
afterAll(async () => {
  closing.abort();
  await t.close();
  await receiver.close();
});

function instance(name: string, leaseMs = 20_000) {
  return createNotificationSending({
    db: t.db,
    events: createInProcessEventBus(),
    logger: createLogger('silent'),
    now: t.clock.now,
    push: pushConfigFor(t.appUrl),
    outbound: { extraAllowed: ['127.0.0.1'], extraPorts: [receiver.port] },
    closing: closing.signal,
    timings: { pollMs: 50, leaseMs },
    instanceId: name,
  }).dispatcher;
}

function payloadIds(): number[] {
  return receiver.received().map((push) => pushPayloadSchema.parse(JSON.parse(push.text)).id);
}

async function waitForSent(prefix: string, count: number) {
  await expect
    .poll(
      async () => {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::integer` })
          .from(scheduledNotifications)
          .where(
            and(
              sql`${scheduledNotifications.dedupeKey} like ${`${prefix}%`}`,
              eq(scheduledNotifications.status, 'sent'),
            ),
          );
        return row?.n;
      },
      { timeout: 45_000, interval: 100 },
    )
    .toBe(count);
}

describe('two dispatchers on one database', () => {
  let a: ReturnType<typeof instance>;
  let b: ReturnType<typeof instance>;
  beforeAll(() => {
    a = instance('server-a');
    b = instance('server-b');
  });

  it('send each of 120 due notifications once, to every device of its member', async () => {
    const rows = Array.from({ length: COUNT }, (_, n) => {
      const member = members[n % members.length];
      return {
        userId: member?.id ?? 0,
        type: 'push.test',
        dedupeKey: `exactly-once:${n}`,
        sendAt: new Date(Date.now() - 1_000),
        payload: {},
      };
    });
    await t.db.insert(scheduledNotifications).values(rows);
    await waitForSent('exactly-once:', COUNT);
    await Promise.all([a.idle(), b.idle()]);

    const sent = await t.db
      .select({
        lockedBy: scheduledNotifications.lockedBy,
        notificationId: scheduledNotifications.notificationId,
      })
      .from(scheduledNotifications)
      .where(sql`${scheduledNotifications.dedupeKey} like 'exactly-once:%'`);
    const made = sent.map((row) => row.notificationId ?? 0);
    expect(new Set(made).size).toBe(COUNT);
    expect(sent.every((row) => row.lockedBy === null)).toBe(true);
    // One push per notification, none twice, each to its own member's device.
    const ids = payloadIds().filter((id) => made.includes(id));
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
    const centre = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.id, made));
    expect(centre).toHaveLength(COUNT);
    for (const member of members)
      expect(receiver.received(member.device.id).length).toBeGreaterThanOrEqual(COUNT / members.length);
  }, 60_000);

  it('leave a row another server holds until its lease runs out, then send it once with the id it made', async () => {
    const member = members[0];
    if (!member) throw new Error('no member');
    // A server claimed these, made the centre's row of one, and died before marking either sent.
    const [made] = await t.db
      .insert(notifications)
      .values({
        userId: member.id,
        type: 'push.test',
        title: 'Test',
        body: '',
        url: '/settings',
        tag: 'push.test',
      })
      .returning({ id: notifications.id });
    await t.db.insert(scheduledNotifications).values(
      [0, 1].map((n) => ({
        userId: member.id,
        type: 'push.test',
        dedupeKey: `held:${n}`,
        sendAt: new Date(Date.now() - 1_000),
        payload: {},
        lockedBy: 'dead-server',
        lockedUntil: sql`now() + interval '1500 milliseconds'`,
        ...(n === 0 ? { notificationId: made?.id ?? 0 } : {}),
      })),
    );
    const released = Date.now() + 1_500;
    await waitForSent('held:', 2);
    const heldRows = await t.db
      .select({ notificationId: scheduledNotifications.notificationId })
      .from(scheduledNotifications)
      .where(sql`${scheduledNotifications.dedupeKey} like 'held:%'`);
    const heldIds = heldRows.map((row) => row.notificationId);
    const late = receiver
      .received(member.device.id)
      .filter((push) => heldIds.includes(pushPayloadSchema.parse(JSON.parse(push.text)).id));
    expect(late).toHaveLength(2);
    expect(late.every((push) => push.at >= released - 100)).toBe(true);
    const ids = late.map((push) => pushPayloadSchema.parse(JSON.parse(push.text)).id);
    // The second try pushes the notification the dead server made (same id and tag): the device shows it once.
    expect(ids).toContain(made?.id);
    const centre = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, made?.id ?? 0));
    expect(centre).toHaveLength(1);
  });
});
