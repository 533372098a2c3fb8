import type { Notification, NotificationSettings } from '#shared/notifications.ts';
import type { PushDevice } from '#shared/push.ts';

let sequence = 0;

/** One row of the notification centre, unread and newer than the ones built before it unless said. */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: sequence,
    type: 'task.reminder',
    title: `Reminder ${sequence}`,
    body: 'Due at 09:00',
    url: `/?task=${sequence}`,
    created_at: new Date(Date.UTC(2026, 10, 20, 9, sequence % 60)).toISOString(),
    read_at: null,
    ...overrides,
  };
}

/** Every type on for push and in the app, no quiet hours: what a member starts with. */
export function buildNotificationSettings(
  overrides: Partial<NotificationSettings> = {},
): NotificationSettings {
  const on = { push: true, in_app: true };
  return {
    types: { 'task.reminder': on, 'pomodoro.finished': on, 'badge.earned': on, 'community.comment': on },
    quiet_hours: null,
    time_zone: 'UTC',
    ...overrides,
  };
}

let deviceSequence = 0;

export function buildPushDevice(overrides: Partial<PushDevice> = {}): PushDevice {
  deviceSequence += 1;
  return {
    id: deviceSequence,
    label: 'Firefox on Android',
    created_at: '2026-11-18T10:00:00.000Z',
    ...overrides,
  };
}
