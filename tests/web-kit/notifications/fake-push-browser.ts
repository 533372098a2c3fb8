import { vi } from 'vitest';

/** Chrome's User-Agent on Linux, as a device is named from it ("Chrome on Linux"). */
export const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** A subscription as a browser's push service gives it: a P-256 point (65 bytes) and a 16-byte secret. */
export const FAKE_SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/this-browser',
  keys: { p256dh: `B${'Q'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};

type Answer = NotificationPermission;

/**
 * What jsdom lacks for Web Push: Notification (its permission and question), PushManager, and a running service
 * worker whose pushManager subscribes (or fails as a push service that cannot be reached does), in a production
 * build (serviceWorkerReady waits only there). `answer` is what the member says when asked. Undo with `restore`.
 */
export function fakePushBrowser({
  permission = 'default' as Answer,
  answer = 'granted' as Answer,
  pushServiceDown = false,
  userAgent = CHROME_ON_LINUX,
} = {}) {
  const state = { permission, subscription: null as PushSubscription | null };
  const requestPermission = vi.fn(async () => {
    state.permission = answer === 'default' ? state.permission : answer;
    return answer;
  });
  // What the code reads of Notification: its permission and its question.
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    if (pushServiceDown) throw new DOMException('Registration failed - push service error', 'AbortError');
    const subscription = {
      endpoint: FAKE_SUBSCRIPTION.endpoint,
      options: { applicationServerKey: options.applicationServerKey, userVisibleOnly: true },
      toJSON: () => ({
        endpoint: FAKE_SUBSCRIPTION.endpoint,
        expirationTime: null,
        keys: FAKE_SUBSCRIPTION.keys,
      }),
      unsubscribe: vi.fn(async () => {
        state.subscription = null;
        return true;
      }),
    } as unknown as PushSubscription;
    state.subscription = subscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => state.subscription, subscribe },
  } as unknown as ServiceWorkerRegistration;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
  vi.stubEnv('PROD', true);

  return {
    state,
    requestPermission,
    subscribe,
    restore() {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
      Reflect.deleteProperty(navigator, 'serviceWorker');
      Reflect.deleteProperty(navigator, 'userAgent');
    },
  };
}
