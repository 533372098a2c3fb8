import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import {
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationSettings,
  notificationListSchema,
  notificationSettingsSchema,
  snoozeNotificationRequestSchema,
  snoozeNotificationResponseSchema,
  updateNotificationSettingsRequestSchema,
} from '#shared/notifications.ts';
import {
  type PushDevice,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushPublicKeySchema,
  pushSubscriptionRequestSchema,
  pushTestResponseSchema,
} from '#shared/push.ts';
import { buildNotificationSettings } from '../../factories/build-notification.ts';
import { contractAnswer, errorResponse } from '../http-answers.ts';
import { server } from '../msw-server.ts';

/** A VAPID public key as the server gives it: an uncompressed P-256 point (65 bytes), base64url. */
export const FAKE_PUBLIC_KEY = `BP${'A'.repeat(85)}`;

/**
 * A fake of the notification centre's and Web Push's routes (src/shared/notifications.ts, src/shared/push.ts) for
 * one member, kept in memory, answered through the contract's schemas. Newest first, a page of
 * NOTIFICATIONS_PAGE_SIZE, `next_cursor` the last id of a page. Answers the state, for tests to change and read.
 */
export function serveNotifications({
  items = [],
  settings = buildNotificationSettings(),
  devices = [],
}: {
  items?: Notification[];
  settings?: NotificationSettings;
  devices?: PushDevice[];
} = {}) {
  const state = {
    items: [...items].sort((a, b) => b.id - a.id),
    settings,
    devices: [...devices],
    nextDeviceId: 1000,
    endpoints: new Map<string, number>(),
    tests: 0,
    /** Each snooze asked for: the notification and its Idempotency-Key. */
    snoozes: [] as { id: number; key: string | null; minutes: number }[],
  };
  const unread = () => state.items.filter((item) => item.read_at === null).length;

  server.use(
    http.get('/api/notifications', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const older = cursor === null ? state.items : state.items.filter((item) => item.id < Number(cursor));
      const page = older.slice(0, NOTIFICATIONS_PAGE_SIZE);
      const more = older.length > page.length;
      return contractAnswer(notificationListSchema, {
        items: page,
        unread: unread(),
        next_cursor: more ? String(page.at(-1)?.id) : null,
      });
    }),
    http.post('/api/notifications/read', async ({ request }) => {
      const body = markNotificationsReadRequestSchema.parse(await request.json());
      const now = new Date().toISOString();
      state.items = state.items.map((item) =>
        item.read_at === null && ('all' in body || body.ids.includes(item.id))
          ? { ...item, read_at: now }
          : item,
      );
      return contractAnswer(markNotificationsReadResponseSchema, { unread: unread() });
    }),
    http.get('/api/notifications/settings', () => contractAnswer(notificationSettingsSchema, state.settings)),
    http.put('/api/notifications/settings', async ({ request }) => {
      const body = updateNotificationSettingsRequestSchema.safeParse(await request.json());
      if (!body.success) return errorResponse(400, 'validation_failed', 'Invalid settings');
      state.settings = { ...state.settings, ...body.data };
      return contractAnswer(notificationSettingsSchema, state.settings);
    }),
    http.post('/api/notifications/:id/snooze', async ({ params, request }) => {
      const id = Number(params.id);
      if (!state.items.some((item) => item.id === id)) return errorResponse(404, 'not_found');
      const { minutes } = snoozeNotificationRequestSchema.parse(await request.json());
      const key = request.headers.get('Idempotency-Key');
      const again = key !== null && state.snoozes.some((snooze) => snooze.key === key);
      if (!again) state.snoozes.push({ id, key, minutes });
      return contractAnswer(
        snoozeNotificationResponseSchema,
        { send_at: new Date(Date.now() + minutes * 60_000).toISOString() },
        201,
      );
    }),
    http.get('/api/push/public-key', () =>
      contractAnswer(pushPublicKeySchema, { publicKey: FAKE_PUBLIC_KEY }),
    ),
    http.get('/api/push/subscriptions', () => contractAnswer(pushDeviceListSchema, state.devices)),
    http.post('/api/push/subscriptions', async ({ request }) => {
      const body = pushSubscriptionRequestSchema.safeParse(await request.json());
      if (!body.success) return errorResponse(400, 'validation_failed', 'Invalid subscription');
      const known = state.endpoints.get(body.data.endpoint);
      const existing = state.devices.find((device) => device.id === known);
      if (existing) return contractAnswer(pushDeviceSchema, existing, 201);
      state.nextDeviceId += 1;
      const device = {
        id: state.nextDeviceId,
        label: body.data.label ?? null,
        created_at: new Date().toISOString(),
      };
      state.devices.push(device);
      state.endpoints.set(body.data.endpoint, device.id);
      return contractAnswer(pushDeviceSchema, device, 201);
    }),
    http.delete('/api/push/subscriptions/:id', ({ params }) => {
      const id = Number(params.id);
      if (!state.devices.some((device) => device.id === id)) return errorResponse(404, 'not_found');
      state.devices = state.devices.filter((device) => device.id !== id);
      return contractAnswer(successSchema, { success: true });
    }),
    http.post('/api/push/test', () => {
      state.tests += 1;
      return contractAnswer(pushTestResponseSchema, { devices: state.devices.length }, 202);
    }),
  );

  return {
    state,
    unread,
    /** A notification arrives (the test then sends `notification.created` on the fake stream). */
    add(item: Notification) {
      state.items = [item, ...state.items.filter((known) => known.id !== item.id)].sort(
        (a, b) => b.id - a.id,
      );
    },
  };
}

/**
 * For a member with nothing in the centre, no push device and the default settings: the shell's bell and
 * settings' Notifications card, for tests about something else (member-data-handlers.ts adds them).
 */
export function emptyNotificationHandlers() {
  return [
    http.get('/api/notifications', () =>
      contractAnswer(notificationListSchema, { items: [], unread: 0, next_cursor: null }),
    ),
    http.get('/api/notifications/settings', () =>
      contractAnswer(notificationSettingsSchema, buildNotificationSettings()),
    ),
    http.get('/api/push/subscriptions', () => contractAnswer(pushDeviceListSchema, [])),
  ];
}
