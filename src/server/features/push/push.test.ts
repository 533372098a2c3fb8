import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushConfigFor } from '#server/config.ts';
import { pushSubscriptions, vapidKeys } from '#server/db/schema.ts';
import { notificationListSchema, pushPayloadSchema } from '#shared/notifications.ts';
import { pushDeviceListSchema, pushDeviceSchema, pushPublicKeySchema } from '#shared/push.ts';
import { signInMember } from '#tests/factories/members.ts';
import { type PushReceiver, startPushReceiver } from '#tests/fakes/push-receiver.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createVapidKeys } from './vapid-keys.ts';

let t: TestApp;
let receiver: PushReceiver;
let publicKey = '';

beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await buildTestApp({
    media: { outbound: { extraAllowed: ['127.0.0.1'], extraPorts: [receiver.port] } },
    notifications: { pollMs: 100 },
  });
  const { cookie } = await signInMember(t);
  publicKey = pushPublicKeySchema.parse(
    await (await t.request('/api/push/public-key', { cookie })).json(),
  ).publicKey;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A browser's subscription JSON whose keys nobody can decrypt with: enough for the routes. */
function browserSubscription(endpoint = `https://push.example.com/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const subscribe = (cookie: string, body: unknown) =>
  t.request('/api/push/subscriptions', { method: 'POST', cookie, body });

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  return ((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {};
}

describe('GET /api/push/public-key', () => {
  it('answers the one key pair kept in the database, the same every time', async () => {
    const { cookie } = await signInMember(t);
    const again = pushPublicKeySchema.parse(
      await (await t.request('/api/push/public-key', { cookie })).json(),
    );
    expect(again.publicKey).toBe(publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const rows = await t.db.select().from(vapidKeys);
    expect(rows.map((row) => [row.id, row.publicKey])).toEqual([[1, publicKey]]);
  });
});

describe('push subscriptions', () => {
  it('keeps a device: 201, the same endpoint again the same id, listed without its keys', async () => {
    const { cookie } = await signInMember(t);
    const body = { ...browserSubscription(), label: 'Chrome on Linux' };
    const first = await subscribe(cookie, body);
    expect(first.status).toBe(201);
    const device = pushDeviceSchema.parse(await first.json());
    expect(device.label).toBe('Chrome on Linux');
    const again = await subscribe(cookie, { ...body, label: 'Renamed' });
    expect(again.status).toBe(201);
    expect(pushDeviceSchema.parse(await again.json())).toMatchObject({ id: device.id, label: 'Renamed' });
    const listed = await t.request('/api/push/subscriptions', { cookie });
    const text = await listed.clone().text();
    expect(pushDeviceListSchema.parse(await listed.json())).toEqual([{ ...device, label: 'Renamed' }]);
    expect(text).not.toContain(body.keys.p256dh);
    expect(text).not.toContain('push.example.com');
  });

  it('moves an endpoint another member subscribed to the member subscribing now', async () => {
    const first = await signInMember(t);
    const second = await signInMember(t);
    const body = browserSubscription();
    const kept = pushDeviceSchema.parse(await (await subscribe(first.cookie, body)).json());
    const moved = pushDeviceSchema.parse(await (await subscribe(second.cookie, body)).json());
    expect(moved.id).toBe(kept.id);
    const listOf = async (cookie: string) =>
      pushDeviceListSchema.parse(await (await t.request('/api/push/subscriptions', { cookie })).json());
    expect(await listOf(first.cookie)).toEqual([]);
    expect((await listOf(second.cookie)).map((d) => d.id)).toEqual([kept.id]);
  });

  it.each([
    ['http on a public address', { endpoint: 'http://push.example.com/send/1' }, 'endpoint'],
    ['a private address', { endpoint: 'https://10.1.2.3/send/1' }, 'endpoint'],
    ['loopback not allowed for tests', { endpoint: 'https://127.0.0.2/send/1' }, 'endpoint'],
    ['a localhost name', { endpoint: 'https://localhost/send/1' }, 'endpoint'],
    ['another port', { endpoint: 'https://push.example.com:8443/send/1' }, 'endpoint'],
    ['user info', { endpoint: 'https://user:pw@push.example.com/send/1' }, 'endpoint'],
    ['more than 2 KB', { endpoint: `https://push.example.com/${'a'.repeat(2100)}` }, 'endpoint'],
    ['not a URL', { endpoint: 'push.example.com' }, 'endpoint'],
  ])('refuses an endpoint that is %s: 400 naming it', async (_what, change, field) => {
    const { cookie } = await signInMember(t);
    const answer = await subscribe(cookie, { ...browserSubscription(), ...change });
    expect(answer.status).toBe(400);
    expect(Object.keys(await fieldsOf(answer))).toContain(field);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret: 400 naming each', async () => {
    const { cookie } = await signInMember(t);
    const good = browserSubscription();
    const offCurve = Buffer.from(good.keys.p256dh, 'base64url');
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    const cases: [Record<string, string>, string][] = [
      [{ p256dh: offCurve.toString('base64url') }, 'keys.p256dh'],
      [{ p256dh: Buffer.alloc(33, 2).toString('base64url') }, 'keys.p256dh'],
      [{ auth: randomBytes(15).toString('base64url') }, 'keys.auth'],
      [{ auth: 'not base64!' }, 'keys.auth'],
    ];
    for (const [keys, field] of cases) {
      const answer = await subscribe(cookie, { ...good, keys: { ...good.keys, ...keys } });
      expect(answer.status, field).toBe(400);
      expect(Object.keys(await fieldsOf(answer))).toContain(field);
    }
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, good.endpoint)),
    ).toEqual([]);
  });

  it("removes the member's own device; another member's is 404 and stays", async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const device = pushDeviceSchema.parse(
      await (await subscribe(owner.cookie, browserSubscription())).json(),
    );
    const refused = await t.request(`/api/push/subscriptions/${device.id}`, {
      method: 'DELETE',
      cookie: other.cookie,
    });
    expect(refused.status).toBe(404);
    const removed = await t.request(`/api/push/subscriptions/${device.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(200);
    const again = await t.request(`/api/push/subscriptions/${device.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);
  });
});

describe('POST /api/push/test', () => {
  it("pushes a test notification to each of the member's devices, the way every notification goes", async () => {
    const { cookie } = await signInMember(t);
    const phone = receiver.subscribe(publicKey);
    const laptop = receiver.subscribe(publicKey);
    for (const device of [phone, laptop]) expect((await subscribe(cookie, device)).status).toBe(201);
    const answer = await t.request('/api/push/test', { method: 'POST', cookie });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ devices: 2 });
    await receiver.waitFor(
      () => receiver.received(phone.id).length > 0 && receiver.received(laptop.id).length > 0,
      5_000,
    );
    const payload = pushPayloadSchema.parse(JSON.parse(receiver.received(phone.id)[0]?.text ?? ''));
    expect(payload).toMatchObject({
      type: 'push.test',
      title: 'Test notification',
      url: '/settings',
      tag: 'push.test',
      lang: 'en',
    });
    expect(receiver.received(laptop.id)[0]?.text).toBe(receiver.received(phone.id)[0]?.text);
    const centre = notificationListSchema.parse(
      await (await t.request('/api/notifications', { cookie })).json(),
    );
    expect(centre.items.map((item) => [item.id, item.type])).toEqual([[payload.id, 'push.test']]);
  });

  it('answers 0 devices for a member with none, and still keeps the notification', async () => {
    const { cookie } = await signInMember(t);
    const answer = await t.request('/api/push/test', { method: 'POST', cookie });
    expect(await answer.json()).toEqual({ devices: 0 });
    await expect
      .poll(
        async () =>
          notificationListSchema.parse(await (await t.request('/api/notifications', { cookie })).json())
            .unread,
        { timeout: 5_000 },
      )
      .toBe(1);
  });
});

describe('the VAPID key pair', () => {
  it('is made once when servers need it at the same moment: every one ends up with the pair inserted first', async () => {
    const [kept] = await t.db.select().from(vapidKeys);
    await t.db.delete(vapidKeys);
    try {
      const config = pushConfigFor(t.appUrl);
      const servers = Array.from({ length: 4 }, () => createVapidKeys(t.db, config));
      const keys = await Promise.all(servers.map((load) => load()));
      expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1);
      expect(keys[0]?.subject).toBe('mailto:webpush@localhost');
      const rows = await t.db.select().from(vapidKeys);
      expect(rows.map((row) => row.publicKey)).toEqual([keys[0]?.publicKey]);
    } finally {
      // The app under test keeps signing with the pair it read first.
      await t.db.delete(vapidKeys);
      if (kept) await t.db.insert(vapidKeys).values(kept);
    }
  });
});
