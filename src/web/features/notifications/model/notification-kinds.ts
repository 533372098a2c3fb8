import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/** Each kind of notification's name, as the settings and the list say it. */
const kindNames: Record<string, MessageKey> = {
  'task.reminder': 'notifications.types.task.reminder',
  'pomodoro.finished': 'notifications.types.pomodoro.finished',
  'badge.earned': 'notifications.types.badge.earned',
  'community.comment': 'notifications.types.community.comment',
  'push.test': 'notifications.types.push.test',
};

/** The name of a kind; null for one this version does not know (the server may have added it since). */
export function kindName(kind: string): MessageKey | null {
  return Object.hasOwn(kindNames, kind) ? (kindNames[kind] ?? null) : null;
}
