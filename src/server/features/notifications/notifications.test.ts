import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, scheduledNotifications, tasks } from '#server/db/schema.ts';
import type { Delivery } from '#server/lib/infra/event-bus.ts';
import {
  type NotificationList,
  notificationListSchema,
  notificationSettingsSchema,
  pushPayloadSchema,
  snoozeNotificationResponseSchema,
} from '#shared/notifications.ts';
import { pushPublicKeySchema } from '#shared/push.ts';
import { signInMember } from '#tests/factories/members.ts';
import { type FakeSubscription, type PushReceiver, startPushReceiver } from '#tests/fakes/push-receiver.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { awardBadge } from '../badges/badges.service.ts';
import { replaceScheduledNotifications } from './notification-schedule.ts';

/*
 * The notification centre's routes, and what a scheduled notification becomes when the app's dispatcher sends it
 * (polling every 100 ms here): the centre's row, the live event and the pushes, which a push service on loopback
 * decrypts (tests/fakes/push-receiver.ts). The app's clock is 2026-11-22 09:00 UTC (test-app.ts), which the
 * wording ("Due at 17:00") and quiet hours read; scheduling uses the database's clock.
 */

let t: TestApp;
let receiver: PushReceiver;
let publicKey = '';
const published: Delivery[] = [];

beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await buildTestApp({
    media: { outbound: { extraAllowed: ['127.0.0.1'], extraPorts: [receiver.port] } },
    notifications: { pollMs: 100 },
  });
  t.events.subscribe((delivery) => published.push(delivery));
  const { cookie } = await signInMember(t);
  publicKey = pushPublicKeySchema.parse(
    await (await t.request('/api/push/public-key', { cookie })).json(),
  ).publicKey;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

type Member = Awaited<ReturnType<typeof signInMember>>;

async function memberWithDevice(): Promise<Member & { device: FakeSubscription }> {
  const member = await signInMember(t);
  const device = receiver.subscribe(publicKey);
  const answer = await t.request('/api/push/subscriptions', {
    method: 'POST',
    cookie: member.cookie,
    body: device,
  });
  expect(answer.status).toBe(201);
  return { ...member, device };
}

async function centreOf(cookie: string, cursor?: string): Promise<NotificationList> {
  const answer = await t.request(`/api/notifications${cursor ? `?cursor=${cursor}` : ''}`, { cookie });
  expect(answer.status).toBe(200);
  return notificationListSchema.parse(await answer.json());
}

/** A task due today (the app's clock) at 17:00 UTC, and its reminder due now. */
async function remindNow(userId: number, title = 'Pay rent', due = '2026-11-22T17:00') {
  const [task] = await t.db
    .insert(tasks)
    .values({ userId, title, dueDate: due.slice(0, 10), dueTime: due.slice(11) || null, timeZone: 'UTC' })
    .returning({ id: tasks.id });
  if (!task) throw new Error('no task');
  await replaceScheduledNotifications(t.db, userId, `task.reminder:${task.id}:`, [
    {
      dedupeKey: `task.reminder:${task.id}:${due}:0`,
      type: 'task.reminder',
      sendAt: new Date(Date.now() - 1_000),
      data: { task_id: task.id, due },
    },
  ]);
  return task.id;
}

async function statusOf(dedupeKey: string) {
  const [row] = await t.db
    .select({ status: scheduledNotifications.status })
    .from(scheduledNotifications)
    .where(eq(scheduledNotifications.dedupeKey, dedupeKey));
  return row?.status;
}

async function settle(ms = 600) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('a task reminder sent by the dispatcher', () => {
  it('reaches the centre, the live event and every device once, worded from the task', async () => {
    const member = await memberWithDevice();
    const taskId = await remindNow(member.user.id, 'Pay rent');
    await receiver.waitFor(() => receiver.received(member.device.id).length > 0, 5_000);
    const payload = pushPayloadSchema.parse(JSON.parse(receiver.received(member.device.id)[0]?.text ?? ''));
    expect(payload).toEqual({
      id: payload.id,
      type: 'task.reminder',
      title: 'Pay rent',
      body: 'Due at 17:00',
      url: `/?task=${taskId}`,
      tag: `task:${taskId}`,
      data: { task_id: taskId, due: '2026-11-22T17:00' },
      lang: 'en',
    });
    expect(receiver.received(member.device.id)[0]).toMatchObject({
      urgency: 'high',
      topic: `n${payload.id}`,
    });
    const centre = await centreOf(member.cookie);
    expect(centre.items).toMatchObject([
      { id: payload.id, type: 'task.reminder', title: 'Pay rent', read_at: null },
    ]);
    expect(centre.unread).toBe(1);
    expect(published).toContainEqual({
      audience: { kind: 'member', userId: member.user.id },
      event: { type: 'notification.created', data: { id: payload.id, unread: 1 } },
    });
    await settle();
    expect(receiver.received(member.device.id)).toHaveLength(1);
  });

  it('speaks the member’s language', async () => {
    const member = await memberWithDevice();
    expect(
      (await t.request('/api/profile', { method: 'PUT', cookie: member.cookie, body: { language: 'es' } }))
        .status,
    ).toBe(200);
    await remindNow(member.user.id, 'Pagar el arriendo', '2026-11-23');
    await receiver.waitFor(() => receiver.received(member.device.id).length > 0, 5_000);
    const payload = pushPayloadSchema.parse(JSON.parse(receiver.received(member.device.id)[0]?.text ?? ''));
    expect(payload).toMatchObject({ title: 'Pagar el arriendo', body: 'Vence mañana', lang: 'es' });
  });

  it('is not sent when cancelled, nor when more than an hour late (dropped)', async () => {
    const member = await memberWithDevice();
    const taskId = await remindNow(member.user.id);
    await replaceScheduledNotifications(t.db, member.user.id, `task.reminder:${taskId}:`, []);
    await t.db.insert(scheduledNotifications).values({
      userId: member.user.id,
      type: 'task.reminder',
      dedupeKey: `late:${taskId}`,
      sendAt: new Date(Date.now() - 61 * 60_000),
      payload: { task_id: taskId, due: '2026-11-22T17:00' },
    });
    await expect.poll(() => statusOf(`late:${taskId}`), { timeout: 5_000 }).toBe('dropped');
    await settle();
    expect(await statusOf(`task.reminder:${taskId}:2026-11-22T17:00:0`)).toBe('cancelled');
    expect(receiver.received(member.device.id)).toEqual([]);
    expect((await centreOf(member.cookie)).items).toEqual([]);
  });

  it('is not sent for a task deleted or done since it was planned', async () => {
    const member = await memberWithDevice();
    const taskId = await remindNow(member.user.id);
    await t.db.update(tasks).set({ status: 'done' }).where(eq(tasks.id, taskId));
    // Planned before the change, claimed after it: cancelled by the dispatcher, never sent.
    await expect
      .poll(() => statusOf(`task.reminder:${taskId}:2026-11-22T17:00:0`), { timeout: 5_000 })
      .toBe('cancelled');
    expect(receiver.received(member.device.id)).toEqual([]);
  });

  it('removes a device whose push service answers 410, and retries one answering 429 until it takes it', async () => {
    const member = await memberWithDevice();
    const busy = receiver.subscribe(publicKey);
    expect(
      (await t.request('/api/push/subscriptions', { method: 'POST', cookie: member.cookie, body: busy }))
        .status,
    ).toBe(201);
    receiver.behave(member.device.id, { status: 410 });
    receiver.behave(busy.id, { status: 429, retryAfter: '1', times: 1 });
    await remindNow(member.user.id);
    await receiver.waitFor(() => receiver.received(busy.id).length > 0, 10_000);
    expect(receiver.attempts(busy.id).map((attempt) => attempt.status)).toEqual([429, 201]);
    const [first, second] = receiver.attempts(busy.id);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect(receiver.attempts(member.device.id).map((attempt) => attempt.status)).toEqual([410]);
    const devices = await (await t.request('/api/push/subscriptions', { cookie: member.cookie })).json();
    expect(devices).toHaveLength(1);
    await settle(1_500);
    expect(receiver.received(busy.id)).toHaveLength(1);
  });
});

describe('settings', () => {
  it('answers every type on, no quiet hours and UTC until changed; a change keeps the rest', async () => {
    const { cookie } = await signInMember(t);
    const answer = await t.request('/api/notifications/settings', { cookie });
    const settings = notificationSettingsSchema.parse(await answer.json());
    expect(settings).toEqual({
      types: {
        'task.reminder': { push: true, in_app: true },
        'pomodoro.finished': { push: true, in_app: true },
        'badge.earned': { push: true, in_app: true },
        'community.comment': { push: true, in_app: true },
      },
      quiet_hours: null,
      time_zone: 'UTC',
    });
    const put = await t.request('/api/notifications/settings', {
      method: 'PUT',
      cookie,
      body: { quiet_hours: { start: '22:00', end: '07:00' }, time_zone: 'Europe/Madrid' },
    });
    expect(put.status).toBe(200);
    const saved = notificationSettingsSchema.parse(
      await (await t.request('/api/notifications/settings', { cookie })).json(),
    );
    expect(saved).toEqual({
      ...settings,
      quiet_hours: { start: '22:00', end: '07:00' },
      time_zone: 'Europe/Madrid',
    });
  });

  it.each([
    [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    [{ quiet_hours: { start: '25:00', end: '07:00' } }, 'quiet_hours.start'],
    [{ types: { 'task.reminder': { push: true, in_app: true } } }, 'types.pomodoro.finished'],
    [{ colour: 'red' }, '(body)'],
  ])('refuses %j: 400 naming %s', async (body, field) => {
    const { cookie } = await signInMember(t);
    const answer = await t.request('/api/notifications/settings', { method: 'PUT', cookie, body });
    expect(answer.status).toBe(400);
    const fields =
      ((await answer.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {};
    expect(Object.keys(fields)).toContain(field);
  });

  async function withSettings(body: unknown) {
    const member = await memberWithDevice();
    expect(
      (await t.request('/api/notifications/settings', { method: 'PUT', cookie: member.cookie, body })).status,
    ).toBe(200);
    return member;
  }
  const allOn = {
    'task.reminder': { push: true, in_app: true },
    'pomodoro.finished': { push: true, in_app: true },
    'badge.earned': { push: true, in_app: true },
    'community.comment': { push: true, in_app: true },
  };

  it('push off: kept in the centre, not pushed', async () => {
    const member = await withSettings({
      types: { ...allOn, 'task.reminder': { push: false, in_app: true } },
    });
    const taskId = await remindNow(member.user.id);
    await expect.poll(async () => (await centreOf(member.cookie)).unread, { timeout: 5_000 }).toBe(1);
    expect(await statusOf(`task.reminder:${taskId}:2026-11-22T17:00:0`)).toBe('sent');
    expect(receiver.attempts(member.device.id)).toEqual([]);
  });

  it('in-app off: pushed, but neither listed nor counted in the centre', async () => {
    const member = await withSettings({
      types: { ...allOn, 'task.reminder': { push: true, in_app: false } },
    });
    await remindNow(member.user.id);
    await receiver.waitFor(() => receiver.received(member.device.id).length > 0, 5_000);
    expect(await centreOf(member.cookie)).toEqual({ items: [], unread: 0, next_cursor: null });
    const payload = pushPayloadSchema.parse(JSON.parse(receiver.received(member.device.id)[0]?.text ?? ''));
    const [kept] = await t.db.select().from(notifications).where(eq(notifications.id, payload.id));
    expect(kept).toMatchObject({ inApp: false, userId: member.user.id });
    expect(kept?.readAt).not.toBeNull();
  });

  it('quiet hours on the member’s clock hold the push back, never the centre', async () => {
    // 09:00 UTC is 10:00 in Madrid in November: inside 09:30–11:00 there, outside it in UTC.
    const member = await withSettings({
      quiet_hours: { start: '09:30', end: '11:00' },
      time_zone: 'Europe/Madrid',
    });
    await remindNow(member.user.id);
    await expect.poll(async () => (await centreOf(member.cookie)).unread, { timeout: 5_000 }).toBe(1);
    await settle();
    expect(receiver.attempts(member.device.id)).toEqual([]);
  });

  it('a test notification goes through quiet hours and turned-off types', async () => {
    const member = await withSettings({ quiet_hours: { start: '00:00', end: '23:59' } });
    expect((await t.request('/api/push/test', { method: 'POST', cookie: member.cookie })).status).toBe(202);
    await receiver.waitFor(() => receiver.received(member.device.id).length > 0, 5_000);
  });
});

describe('the centre', () => {
  it('pages 20 at a time, newest first, and shows no other member’s', async () => {
    const member = await signInMember(t);
    const other = await signInMember(t);
    const rows = Array.from({ length: 45 }, (_, n) => ({
      userId: member.user.id,
      type: 'badge.earned',
      title: `Notification ${n + 1}`,
      body: '',
      url: '/dashboard',
      tag: `n${n}`,
      data: {},
    }));
    await t.db.insert(notifications).values(rows);
    await t.db
      .insert(notifications)
      .values({ ...rows[0], userId: other.user.id, title: 'Not yours' } as (typeof rows)[0]);
    const first = await centreOf(member.cookie);
    expect(first.items.map((item) => item.title)).toEqual(
      Array.from({ length: 20 }, (_, n) => `Notification ${45 - n}`),
    );
    expect(first.unread).toBe(45);
    const second = await centreOf(member.cookie, first.next_cursor ?? '');
    expect(second.items[0]?.title).toBe('Notification 25');
    const third = await centreOf(member.cookie, second.next_cursor ?? '');
    expect(third.items.map((item) => item.title)).toEqual([5, 4, 3, 2, 1].map((n) => `Notification ${n}`));
    expect(third.next_cursor).toBeNull();
    const refused = await t.request('/api/notifications?cursor=abc', { cookie: member.cookie });
    expect(refused.status).toBe(400);
  });

  it('marks the named ones read (another member’s stay unread), then all', async () => {
    const member = await signInMember(t);
    const other = await signInMember(t);
    const made = await t.db
      .insert(notifications)
      .values(
        [member.user.id, member.user.id, member.user.id, other.user.id].map((userId) => ({
          userId,
          type: 'push.test',
          title: 'Hi',
          body: '',
          url: '/settings',
          tag: 'push.test',
        })),
      )
      .returning({ id: notifications.id });
    const ids = made.map((row) => row.id);
    const read = await t.request('/api/notifications/read', {
      method: 'POST',
      cookie: member.cookie,
      body: { ids: [ids[0], ids[3]] },
    });
    expect(await read.json()).toEqual({ unread: 2 });
    expect((await centreOf(other.cookie)).unread).toBe(1);
    const all = await t.request('/api/notifications/read', {
      method: 'POST',
      cookie: member.cookie,
      body: { all: true },
    });
    expect(await all.json()).toEqual({ unread: 0 });
    expect((await centreOf(other.cookie)).unread).toBe(1);
    for (const body of [{ ids: [] }, { all: false }, {}, { ids: [1], all: true }]) {
      const refused = await t.request('/api/notifications/read', {
        method: 'POST',
        cookie: member.cookie,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('snooze', () => {
  async function reminded() {
    const member = await memberWithDevice();
    const taskId = await remindNow(member.user.id);
    await receiver.waitFor(() => receiver.received(member.device.id).length > 0, 5_000);
    const payload = pushPayloadSchema.parse(JSON.parse(receiver.received(member.device.id)[0]?.text ?? ''));
    return { member, taskId, notificationId: payload.id };
  }
  const snooze = (cookie: string, id: number, body: unknown, key?: string) =>
    t.request(`/api/notifications/${id}/snooze`, {
      method: 'POST',
      cookie,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  it('brings the reminder back 10 minutes later, once per Idempotency-Key, and marks it read', async () => {
    const { member, taskId, notificationId } = await reminded();
    const before = Date.now();
    const first = await snooze(member.cookie, notificationId, {}, 'snooze-key-0001');
    expect(first.status).toBe(201);
    const { send_at } = snoozeNotificationResponseSchema.parse(await first.json());
    expect(Date.parse(send_at) - before).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(send_at) - before).toBeLessThan(11 * 60_000);
    const retried = await snooze(member.cookie, notificationId, {}, 'snooze-key-0001');
    expect(snoozeNotificationResponseSchema.parse(await retried.json()).send_at).toBe(send_at);
    const rows = await t.db
      .select()
      .from(scheduledNotifications)
      .where(
        and(eq(scheduledNotifications.userId, member.user.id), eq(scheduledNotifications.status, 'pending')),
      );
    expect(rows.map((row) => [row.dedupeKey, row.payload])).toEqual([
      [
        `task.snooze:${taskId}:${notificationId}:snooze-key-0001`,
        { task_id: taskId, due: '2026-11-22T17:00' },
      ],
    ]);
    expect((await centreOf(member.cookie)).unread).toBe(0);
    const longer = await snooze(member.cookie, notificationId, { minutes: 60 }, 'snooze-key-0002');
    const later = snoozeNotificationResponseSchema.parse(await longer.json()).send_at;
    expect(Date.parse(later) - Date.parse(send_at)).toBeGreaterThan(49 * 60_000);
  });

  it('refuses minutes outside 1..1440, another type (400), and another member’s (404)', async () => {
    const { member, notificationId } = await reminded();
    for (const minutes of [0, 1441, 2.5]) {
      expect((await snooze(member.cookie, notificationId, { minutes })).status, String(minutes)).toBe(400);
    }
    const other = await signInMember(t);
    expect((await snooze(other.cookie, notificationId, {})).status).toBe(404);
    const [test] = await t.db
      .insert(notifications)
      .values({
        userId: member.user.id,
        type: 'push.test',
        title: 'Hi',
        body: '',
        url: '/',
        tag: 'push.test',
      })
      .returning({ id: notifications.id });
    expect((await snooze(member.cookie, test?.id ?? 0, {})).status).toBe(400);
  });

  it('a snoozed reminder comes back with the same words and tag, and not for a task done meanwhile', async () => {
    const { member, taskId, notificationId } = await reminded();
    await snooze(member.cookie, notificationId, { minutes: 1 }, 'snooze-key-0003');
    const key = `task.snooze:${taskId}:${notificationId}:snooze-key-0003`;
    // Its time, brought forward rather than waited for.
    await t.db
      .update(scheduledNotifications)
      .set({ sendAt: new Date(Date.now() - 1_000) })
      .where(eq(scheduledNotifications.dedupeKey, key));
    await receiver.waitFor(() => receiver.received(member.device.id).length > 1, 5_000);
    const [first, again] = receiver
      .received(member.device.id)
      .map((push) => pushPayloadSchema.parse(JSON.parse(push.text)));
    expect(again).toMatchObject({ title: first?.title, body: first?.body, tag: first?.tag, url: first?.url });
    expect(again?.id).not.toBe(first?.id);

    await snooze(member.cookie, again?.id ?? 0, { minutes: 1 }, 'snooze-key-0004');
    await t.db.update(tasks).set({ status: 'done' }).where(eq(tasks.id, taskId));
    const key2 = `task.snooze:${taskId}:${again?.id}:snooze-key-0004`;
    await t.db
      .update(scheduledNotifications)
      .set({ sendAt: new Date(Date.now() - 1_000) })
      .where(eq(scheduledNotifications.dedupeKey, key2));
    await expect.poll(() => statusOf(key2), { timeout: 5_000 }).toBe('cancelled');
    expect(receiver.received(member.device.id)).toHaveLength(2);
  });
});

describe('immediate notifications from other features', () => {
  it('a badge newly earned tells its member once', async () => {
    const member = await signInMember(t);
    expect(await awardBadge(t.db, member.user.id, 'task_warrior', t.clock.now())).toBe(true);
    expect(await awardBadge(t.db, member.user.id, 'task_warrior', t.clock.now())).toBe(false);
    await expect.poll(async () => (await centreOf(member.cookie)).items.length, { timeout: 5_000 }).toBe(1);
    const { items } = await centreOf(member.cookie);
    expect(items[0]).toMatchObject({
      type: 'badge.earned',
      title: 'New badge: Task Warrior',
      url: '/dashboard',
    });
  });

  it("someone else's comment tells the post's author; the author's own does not", async () => {
    const author = await memberWithDevice();
    const reader = await signInMember(t);
    const post = (await (
      await t.request('/api/community/posts', {
        method: 'POST',
        cookie: author.cookie,
        body: { title: 'My garden' },
      })
    ).json()) as { id: number };
    const comment = (path: string, cookie: string, body: string) =>
      t.request(path, { method: 'POST', cookie, body: { body } });
    const path = `/api/community/posts/${post.id}/comments`;
    expect((await comment(path, author.cookie, 'Thanks all')).status).toBe(201);
    expect((await comment(path, reader.cookie, 'Lovely tomatoes')).status).toBe(201);
    await receiver.waitFor(
      () =>
        receiver
          .received(author.device.id)
          .some((push) => pushPayloadSchema.parse(JSON.parse(push.text)).type === 'community.comment'),
      5_000,
    );
    const { items } = await centreOf(author.cookie);
    const comments = items.filter((item) => item.type === 'community.comment');
    expect(comments).toMatchObject([
      {
        title: `${reader.identity.name} commented on “My garden”`,
        body: 'Lovely tomatoes',
        url: `/community?post=${post.id}`,
      },
    ]);
    expect((await centreOf(reader.cookie)).items.filter((item) => item.type === 'community.comment')).toEqual(
      [],
    );
  });
});
