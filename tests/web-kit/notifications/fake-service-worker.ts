import type {
  ServiceWorkerScopeLike,
  ShownNotification,
  WindowClientLike,
  WorkerNotificationOptions,
} from '#web/features/notifications/worker/worker-scope.ts';

export const APP_ORIGIN = window.location.origin;

export type FakeWindow = WindowClientLike & { focused: boolean; navigatedTo: string[] };

/**
 * A tab of the app as the worker sees it; `navigate` fails for a tab the worker does not control, and `focus` when
 * the browser does not allow it (outside the member's click).
 */
export function fakeWindow(path: string, { controlled = true, focusAllowed = true } = {}): FakeWindow {
  const tab: FakeWindow = {
    url: new URL(path, APP_ORIGIN).href,
    focused: false,
    navigatedTo: [] as string[],
    async focus() {
      if (!focusAllowed) throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
      tab.focused = true;
      return tab;
    },
    async navigate(url: string) {
      if (!controlled) throw new TypeError('This service worker is not the client’s active service worker.');
      tab.navigatedTo.push(url);
      return tab;
    },
  };
  return tab;
}

/** A Cache Storage of one cache per name, of text answers: what the language record needs. */
function fakeCaches() {
  const caches = new Map<string, Map<string, string>>();
  return {
    async open(name: string) {
      const entries = caches.get(name) ?? new Map<string, string>();
      caches.set(name, entries);
      return {
        async match(key: string) {
          const text = entries.get(key);
          return text === undefined ? undefined : new Response(text);
        },
        async put(key: string, response: Response) {
          entries.set(key, await response.text());
        },
      } as unknown as Cache;
    },
  };
}

/**
 * A service worker's scope for the push handlers: the notifications it shows, the windows it opens and the tabs
 * it has, and fetch on the tests' MSW network (tests/web-kit/msw-server.ts), as a worker's requests go to the
 * server.
 */
export function fakeServiceWorker({
  windows = [] as FakeWindow[],
  languages = ['en-US'],
  onLine = true,
} = {}) {
  const shown: { title: string; options: WorkerNotificationOptions }[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: APP_ORIGIN },
    navigator: { languages, onLine },
    registration: {
      async showNotification(title: string, options: WorkerNotificationOptions) {
        shown.push({ title, options });
      },
    },
    clients: {
      async matchAll() {
        return windows;
      },
      async openWindow(url: string) {
        opened.push(url);
        return null;
      },
    },
    caches: fakeCaches(),
    fetch: (input: string, init?: RequestInit) => fetch(input, init),
  } satisfies ServiceWorkerScopeLike;
  return { scope, shown, opened, windows };
}

/** The notification the worker showed, as a click hands it back (its tag and data), closed when acted on. */
export function clickable(shown: {
  options: WorkerNotificationOptions;
}): ShownNotification & { closed: boolean } {
  const notification = {
    tag: shown.options.tag,
    data: shown.options.data,
    closed: false,
    close() {
      notification.closed = true;
    },
  };
  return notification;
}
