/**
 * The parts of a service worker's global scope the push handlers use. TypeScript's DOM library (the app's) has no
 * service worker types, and its WebWorker library cannot be loaded beside the DOM's in one program; so these are
 * written out, and the handlers take the scope as an argument, which also lets the web tests hand them a fake.
 */

/** An event the worker is kept alive for until the promise given to `waitUntil` settles. */
export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEventLike extends ExtendableEventLike {
  readonly data: { text(): string } | null;
}

/** The notification a click was on, as the worker sees it. */
export interface ShownNotification {
  readonly tag: string;
  readonly data: unknown;
  close(): void;
}

export interface NotificationClickEventLike extends ExtendableEventLike {
  /** The action button pressed (`done`, `snooze`), or '' for the notification itself. */
  readonly action: string;
  readonly notification: ShownNotification;
}

export interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** An action button of a notification (not in TypeScript's DOM `NotificationOptions`). */
export type NotificationAction = { action: string; title: string };

export type WorkerNotificationOptions = {
  body: string;
  tag: string;
  data: unknown;
  lang?: string;
  icon?: string;
  badge?: string;
  timestamp?: number;
  actions?: NotificationAction[];
};

export interface ServiceWorkerScopeLike {
  readonly location: { readonly origin: string };
  readonly navigator: { readonly languages?: readonly string[]; readonly onLine?: boolean };
  readonly registration: {
    showNotification(title: string, options: WorkerNotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly caches: Pick<CacheStorage, 'open'>;
  fetch(input: string, init?: RequestInit): Promise<Response>;
}
