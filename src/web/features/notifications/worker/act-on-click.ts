import { notificationDataSchemas } from '#shared/notifications.ts';
import { reminderOccurrence } from './reminder-occurrence.ts';
import { NOTIFICATION_ICON } from './show-push.ts';
import { REMINDER_ACTIONS, readShownData, type ShownData, SNOOZE_MINUTES } from './shown-notification.ts';
import type { ServiceWorkerScopeLike, ShownNotification, WindowClientLike } from './worker-scope.ts';
import { type WorkerTextKey, workerText } from './worker-texts.ts';

/** Why an action did not happen, as the member can act on it. */
type Failure = 'signedOut' | 'offline' | 'failed';

const failureText: Record<Failure, WorkerTextKey> = {
  signedOut: 'notifications.worker.signedOut',
  offline: 'notifications.worker.offline',
  failed: 'notifications.worker.failed',
};

/**
 * A call to the API from the worker, with no page open: the session cookie goes along (same origin), and the
 * language asks for the server's words in the member's. Answers what became of it; a task or notification that is
 * gone (404) is nothing left to do, not a failure.
 */
async function callApi(
  scope: ServiceWorkerScopeLike,
  shown: ShownData,
  path: string,
  init: { method: string; body: unknown; idempotencyKey?: string },
): Promise<Failure | null> {
  let response: Response;
  try {
    response = await scope.fetch(path, {
      method: init.method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Accept-Language': shown.language,
        'Content-Type': 'application/json',
        ...(init.idempotencyKey ? { 'Idempotency-Key': init.idempotencyKey } : {}),
      },
      body: JSON.stringify(init.body),
    });
  } catch {
    // fetch rejects only when nothing came back: no connection, or one that dropped.
    return scope.navigator.onLine === false ? 'offline' : 'failed';
  }
  if (response.ok || response.status === 404) return null;
  return response.status === 401 ? 'signedOut' : 'failed';
}

/** Marks the notification read in the centre: it was acted on. Its failure changes nothing the member sees. */
async function markRead(scope: ServiceWorkerScopeLike, shown: ShownData): Promise<void> {
  await callApi(scope, shown, '/api/notifications/read', { method: 'POST', body: { ids: [shown.id] } });
}

/**
 * Done: `PUT /api/tasks/{id}` `{status: "done", occurrence}`. The key is the notification's, so Done pressed twice
 * (or sent again by a retry) completes the task once, and the occurrence keeps a repeating task from skipping a
 * second date.
 */
function completeTask(scope: ServiceWorkerScopeLike, shown: ShownData): Promise<Failure | null> {
  const reminder = notificationDataSchemas['task.reminder'].safeParse(shown.data);
  if (!reminder.success) return Promise.resolve('failed');
  const occurrence = reminderOccurrence(shown.data);
  return callApi(scope, shown, `/api/tasks/${reminder.data.task_id}`, {
    method: 'PUT',
    body: {
      status: 'done',
      ...(occurrence ? { occurrence } : {}),
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    idempotencyKey: `notification-${shown.id}-done`,
  });
}

/** Snooze: the reminder comes again in ten minutes; the same notification snoozed twice is one snooze. */
function snooze(scope: ServiceWorkerScopeLike, shown: ShownData): Promise<Failure | null> {
  return callApi(scope, shown, `/api/notifications/${shown.id}/snooze`, {
    method: 'POST',
    body: { minutes: SNOOZE_MINUTES },
    idempotencyKey: `notification-${shown.id}-snooze-${shown.shownAt}`,
  });
}

/** A short notice that an action did not happen, and why; a click on it opens what the reminder was about. */
async function showFailure(
  scope: ServiceWorkerScopeLike,
  shown: ShownData,
  what: WorkerTextKey,
  failure: Failure,
): Promise<void> {
  await scope.registration.showNotification(workerText(shown.language, what), {
    body: workerText(shown.language, failureText[failure]),
    tag: `lumara-action-failed-${shown.id}`,
    lang: shown.language,
    icon: NOTIFICATION_ICON,
    data: { ...shown, type: 'action.failed' },
  });
}

/**
 * Brings a tab to the front. The browser allows it only while it handles the member's click, and refuses it
 * otherwise (an event made by script): the tab is then where it should be, only not in front.
 */
async function bringToFront(client: WindowClientLike): Promise<void> {
  try {
    await client.focus();
  } catch {
    // Not allowed now: nothing else to do.
  }
}

/**
 * Opens `url` (a Lumara path; anything else opens the app's start): a tab already there comes to the front;
 * else an open tab of the app is sent there (and brought to the front at the same moment, while the click still
 * allows it); else a new window opens on it.
 */
export async function openInApp(scope: ServiceWorkerScopeLike, url: string): Promise<void> {
  const origin = scope.location.origin;
  let target = new URL('/', origin);
  try {
    const asked = new URL(url, origin);
    if (asked.origin === origin) target = asked;
  } catch {
    // Not a URL at all: the start page.
  }
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = windows.find((client) => client.url === target.href);
  if (there) {
    await bringToFront(there);
    return;
  }
  const open = windows[0];
  if (open) {
    const [, sent] = await Promise.allSettled([bringToFront(open), open.navigate(target.href)]);
    // A tab this worker does not control cannot be sent elsewhere: a new window instead.
    if (sent.status === 'fulfilled') return;
  }
  await scope.clients.openWindow(target.href);
}

/**
 * The `notificationclick` handler's work: a reminder's Done or Snooze acts through the API, with no page needed,
 * and says so when it could not (signed out, offline); a click on the notification itself opens its link. Either
 * way the notification closes and is marked read.
 */
export async function actOnNotificationClick(
  scope: ServiceWorkerScopeLike,
  notification: ShownNotification,
  action: string,
): Promise<void> {
  notification.close();
  const shown = readShownData(notification.data);
  if (!shown) {
    await openInApp(scope, '/');
    return;
  }
  const reminderAction =
    shown.type === 'task.reminder' && (action === REMINDER_ACTIONS.done || action === REMINDER_ACTIONS.snooze)
      ? action
      : null;
  if (!reminderAction) {
    await Promise.all([
      shown.type === 'action.failed' ? null : markRead(scope, shown),
      openInApp(scope, shown.url),
    ]);
    return;
  }
  const failure =
    reminderAction === REMINDER_ACTIONS.done ? await completeTask(scope, shown) : await snooze(scope, shown);
  if (failure) {
    await showFailure(
      scope,
      shown,
      reminderAction === REMINDER_ACTIONS.done
        ? 'notifications.worker.doneFailed'
        : 'notifications.worker.snoozeFailed',
      failure,
    );
    return;
  }
  await markRead(scope, shown);
}
