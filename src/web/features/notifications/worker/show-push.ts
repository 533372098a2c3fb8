import { z } from 'zod';
import { isLanguage, type Language, pickLanguage } from '#shared/language.ts';
import { pushPayloadSchema } from '#shared/notifications.ts';
import { languageKeptForWorker } from '../model/worker-language.ts';
import { REMINDER_ACTIONS, type ShownData } from './shown-notification.ts';
import type { ServiceWorkerScopeLike, WorkerNotificationOptions } from './worker-scope.ts';
import { workerText } from './worker-texts.ts';

/**
 * A push as the server sends it (`pushPayloadSchema`), with any `type`: a kind added later on the server is still
 * shown, only without actions of its own.
 */
const payloadSchema = pushPayloadSchema.extend({ type: z.string() });
export type ReceivedPush = z.infer<typeof payloadSchema>;

export const NOTIFICATION_ICON = '/icon-192.png';

/** The push's JSON, or null when it is not one the server sends. */
export function readPush(text: string | null): ReceivedPush | null {
  if (text === null) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The language to show a push in: the one it names, else the interface's as the page left it, else the browser's. */
export async function pushLanguage(
  scope: ServiceWorkerScopeLike,
  push: ReceivedPush | null,
): Promise<Language> {
  if (isLanguage(push?.lang)) return push.lang;
  return (await languageKeptForWorker(scope.caches)) ?? pickLanguage(scope.navigator.languages ?? []);
}

/**
 * The notification a push becomes: its title and text as the server wrote them (in the member's language), its
 * tag (a push sent again replaces the one shown instead of adding a second), what a click needs later, and for a
 * task reminder the actions Done and Snooze 10 min in the interface's language.
 */
export function notificationOf(
  push: ReceivedPush,
  language: Language,
  now: number,
): { title: string; options: WorkerNotificationOptions } {
  const data: ShownData = {
    id: push.id,
    type: push.type,
    url: push.url,
    data: push.data,
    language,
    shownAt: now,
  };
  return {
    title: push.title,
    options: {
      body: push.body,
      tag: push.tag,
      lang: language,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      timestamp: now,
      data,
      ...(push.type === 'task.reminder'
        ? {
            actions: [
              { action: REMINDER_ACTIONS.done, title: workerText(language, 'notifications.worker.done') },
              { action: REMINDER_ACTIONS.snooze, title: workerText(language, 'notifications.worker.snooze') },
            ],
          }
        : {}),
    },
  };
}

/**
 * The `push` handler's work. Every push must show a notification (browsers allow pushes only on that promise,
 * and count the ones that show none against the site), so one the worker cannot read still shows a plain one
 * that opens Lumara.
 */
export async function showPush(scope: ServiceWorkerScopeLike, text: string | null, now = Date.now()) {
  const push = readPush(text);
  const language = await pushLanguage(scope, push);
  if (!push) {
    await scope.registration.showNotification('Lumara', {
      body: workerText(language, 'notifications.worker.unreadable'),
      tag: 'lumara-unreadable',
      lang: language,
      icon: NOTIFICATION_ICON,
      data: null,
    });
    return;
  }
  const { title, options } = notificationOf(push, language, now);
  await scope.registration.showNotification(title, options);
}
