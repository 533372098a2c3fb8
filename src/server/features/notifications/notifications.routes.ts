import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { idempotencyKeyHeadersSchema } from '#shared/api.ts';
import {
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
  snoozeNotificationRequestSchema,
  snoozeNotificationResponseSchema,
  updateNotificationSettingsRequestSchema,
} from '#shared/notifications.ts';
import { readSettings, saveSettings } from './notification-settings.ts';
import { listNotifications, markRead, snoozeNotification } from './notifications.service.ts';

/** The notification centre: what the member was told (pushed or not), its unread count, and their settings. */
export const notificationRoutes = {
  list: apiRoute({
    method: 'get',
    path: '/api/notifications',
    operationId: 'listNotifications',
    tags: ['Notifications'],
    summary: "The member's notification centre, newest first",
    description:
      '20 at a time, newest first, with how many are `unread` in all. `next_cursor` (null on the last page) ' +
      'asks for the older ones as `?cursor=`. `type` is `task.reminder`, `pomodoro.finished`, `badge.earned`, ' +
      '`community.comment` or `push.test`; `url` is the page of the app it opens. A type whose in-app channel ' +
      'the member turned off is not listed (it may still have been pushed). New ones arrive live as ' +
      '`notification.created` on `GET /api/events`.',
    request: { query: queryOf(notificationListQuerySchema) },
    responses: { 200: json(notificationListSchema, 'A page of notifications') },
  }),
  read: apiRoute({
    method: 'post',
    path: '/api/notifications/read',
    operationId: 'markNotificationsRead',
    tags: ['Notifications'],
    summary: 'Mark notifications read',
    description:
      "`{ids: [...]}` (1 to 100 of the member's own; others' ids change nothing) or `{all: true}`. Answers " +
      'how many are still unread.',
    request: { body: jsonBody(markNotificationsReadRequestSchema) },
    responses: { 200: json(markNotificationsReadResponseSchema, 'How many notifications are still unread') },
  }),
  settings: apiRoute({
    method: 'get',
    path: '/api/notifications/settings',
    operationId: 'getNotificationSettings',
    tags: ['Notifications'],
    summary: "The member's notification settings",
    description:
      "Per type, whether it is pushed to the member's devices (`push`) and kept in the centre (`in_app`); all " +
      "on until changed. `quiet_hours` (`{start, end}`, `HH:MM` on the member's clock in `time_zone`; across " +
      'midnight when end is before start; null for none) hold pushes back, never the centre. `time_zone` ' +
      "defaults to the profile's, else UTC.",
    responses: { 200: json(notificationSettingsSchema, 'The settings') },
  }),
  updateSettings: apiRoute({
    method: 'put',
    path: '/api/notifications/settings',
    operationId: 'updateNotificationSettings',
    tags: ['Notifications'],
    summary: 'Change the notification settings',
    description:
      'Any of `types` (all four), `quiet_hours` (null: none) and `time_zone`; the rest stays. A zone Intl does ' +
      'not know is **400** naming `time_zone`. Answers the settings as they now stand.',
    request: { body: jsonBody(updateNotificationSettingsRequestSchema) },
    responses: { 200: json(notificationSettingsSchema, 'The settings as they now stand') },
  }),
  snooze: apiRoute({
    method: 'post',
    path: '/api/notifications/{id}/snooze',
    operationId: 'snoozeNotification',
    tags: ['Notifications'],
    summary: 'Snooze a task reminder',
    description:
      'The same reminder comes again `minutes` later (default 10, 1 to 1440), from whichever server then ' +
      "sends it, and this one is marked read; **201** when it comes again. What the service worker's " +
      '"Snooze 10 min" calls, with an `Idempotency-Key`: the same key again schedules nothing more and answers ' +
      "the same time. Another type of notification **400**; another member's, or a reminder whose task was " +
      'deleted, **404**. A snoozed reminder whose task is done, deleted or moved meanwhile is not sent.',
    request: {
      params: idParams('notification'),
      headers: idempotencyKeyHeadersSchema,
      body: jsonBody(snoozeNotificationRequestSchema),
    },
    responses: { 201: json(snoozeNotificationResponseSchema, 'When the reminder comes again') },
  }),
};

export function createNotificationRoutes(deps: { db: Db; requireMember: RequireMember }) {
  return createApiRouter(deps.requireMember)
    .openapi(notificationRoutes.list, async (c) =>
      c.json(await listNotifications(deps.db, memberIdOf(c), c.req.valid('query').cursor), 200),
    )
    .openapi(notificationRoutes.read, async (c) =>
      c.json(await markRead(deps.db, memberIdOf(c), c.req.valid('json')), 200),
    )
    .openapi(notificationRoutes.settings, async (c) =>
      c.json(await readSettings(deps.db, memberIdOf(c)), 200),
    )
    .openapi(notificationRoutes.updateSettings, async (c) =>
      c.json(await saveSettings(deps.db, memberIdOf(c), c.req.valid('json')), 200),
    )
    .openapi(notificationRoutes.snooze, async (c) =>
      c.json(
        await snoozeNotification(
          deps.db,
          memberIdOf(c),
          c.req.valid('param').id,
          c.req.valid('json'),
          c.req.valid('header')['idempotency-key'],
        ),
        201,
      ),
    );
}
