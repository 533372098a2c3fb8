import { z } from 'zod';
import { badgeTypeSchema } from './badges.ts';
import { timeZoneSchema } from './time-zone.ts';

/** What a notification is about: the push payload's `type` and the notification centre's. */
export const notificationTypes = [
  'task.reminder',
  'pomodoro.finished',
  'badge.earned',
  'community.comment',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * Every kind a notification or a push may be: the four types above, which the member's settings turn on and off,
 * and `push.test`, the one "Send a test notification" asks for (always sent, whatever the settings say).
 */
export const notificationKinds = [...notificationTypes, 'push.test'] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** What each type carries in `data`. */
export const notificationDataSchemas = {
  /** `due`: the instant the task is due; `occurrence`: its due date then, which a Done action sends back. */
  'task.reminder': z.object({
    task_id: z.number().int(),
    due: z.string(),
    occurrence: z.iso.date().optional(),
  }),
  'pomodoro.finished': z.object({ session_id: z.number().int() }),
  'badge.earned': z.object({ badge_type: badgeTypeSchema }),
  'community.comment': z.object({ post_id: z.number().int() }),
  'push.test': z.object({}),
} as const;

/** At most this many bytes of JSON per push (RFC 8291 leaves room for about 4 KB; browsers' services differ). */
export const PUSH_PAYLOAD_MAX_BYTES = 3 * 1024;

/**
 * The JSON a push carries, which the service worker shows as a notification. `tag` names what it is about, so a
 * notification sent again replaces the first instead of showing twice; `id` is the notification centre's row.
 */
export const pushPayloadSchema = z.object({
  id: z.number().int(),
  type: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** The member's interface language, so the service worker words its actions in it. */
  lang: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const notificationSchema = z
  .object({
    id: z.number().int(),
    type: notificationKindSchema,
    title: z.string(),
    body: z.string(),
    url: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `GET /api/notifications?cursor=`: newest first; `next_cursor` asks for the older ones. */
export const notificationListQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
});
export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    unread: z.number().int(),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `POST /api/notifications/read`: `{ids}` or `{all: true}`. */
export const markNotificationsReadRequestSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export const markNotificationsReadResponseSchema = z.object({ unread: z.number().int() });

/** Per type: sent by push to the member's devices, and kept in the notification centre. */
export const notificationChannelsSchema = z.object({ push: z.boolean(), in_app: z.boolean() }).strict();
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** `GET|PUT /api/notifications/settings`. Quiet hours hold back pushes (never the centre) in the member's zone. */
export const notificationSettingsSchema = z
  .object({
    types: z.object({
      'task.reminder': notificationChannelsSchema,
      'pomodoro.finished': notificationChannelsSchema,
      'badge.earned': notificationChannelsSchema,
      'community.comment': notificationChannelsSchema,
    }),
    quiet_hours: z.object({ start: hhmm, end: hhmm }).nullable(),
    time_zone: timeZoneSchema,
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingsRequestSchema = notificationSettingsSchema.partial().strict();

export const DEFAULT_NOTIFICATION_CHANNELS: NotificationChannels = { push: true, in_app: true };

/** How long a snooze puts a task reminder off by default, and at most (a day). */
export const SNOOZE_MINUTES = { default: 10, min: 1, max: 1440 } as const;

/**
 * `POST /api/notifications/{id}/snooze`, the service worker's "Snooze 10 min": the task reminder comes again
 * `minutes` later. With an `Idempotency-Key`, a retry of the same snooze schedules it once.
 */
export const snoozeNotificationRequestSchema = z
  .object({
    minutes: z.number().int().min(SNOOZE_MINUTES.min).max(SNOOZE_MINUTES.max).default(SNOOZE_MINUTES.default),
  })
  .strict();
export type SnoozeNotificationRequest = z.infer<typeof snoozeNotificationRequestSchema>;
export const snoozeNotificationResponseSchema = z
  .object({ send_at: z.string() })
  .meta({ id: 'NotificationSnooze' });
