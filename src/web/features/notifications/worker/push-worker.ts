// First: zod must not compile parsers with `new Function` under the worker's CSP (see zod-without-eval.ts).
import '#web/lib/zod-without-eval.ts';
import { actOnNotificationClick } from './act-on-click.ts';
import { showPush } from './show-push.ts';
import type {
  ExtendableEventLike,
  NotificationClickEventLike,
  PushEventLike,
  ServiceWorkerScopeLike,
} from './worker-scope.ts';

/**
 * The service worker's push handlers. vite-plugin-pwa writes the worker itself (`sw.js`: the precache and the
 * offline copy, vite.config.ts); this module is built apart into one script (scripts/push-worker-build.ts) that
 * `sw.js` loads with `importScripts`, so every offline rule stays as Workbox writes it.
 */
declare const self: ServiceWorkerScopeLike & {
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
};

/**
 * Keeps the worker alive until `work` is done. The browser's own events allow it; an event made by script (a
 * test driving the handlers, a developer in DevTools) refuses it (`InvalidStateError`), and the work, already
 * started, simply runs.
 */
function keepAlive(event: ExtendableEventLike, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // Not the browser's event: nothing to extend.
  }
}

self.addEventListener('push', (event) => {
  keepAlive(event, showPush(self, event.data?.text() ?? null));
});

self.addEventListener('notificationclick', (event) => {
  keepAlive(event, actOnNotificationClick(self, event.notification, event.action));
});
