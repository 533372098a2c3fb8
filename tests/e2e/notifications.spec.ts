import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The push handlers live in the service worker, which the other specs keep off.
test.use({ serviceWorkers: 'allow' });

/** The app's service worker, once it runs (the page registers it a few seconds after it loads). */
async function appServiceWorker(page: Page, context: BrowserContext): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'));
  if (!worker) throw new Error('No service worker at /sw.js');
  return worker;
}

/**
 * Delivers a push to the page's service worker the way the browser's push service would (DevTools' "Push"):
 * a trusted `push` event carrying `payload`, with no subscription needed (the push service is out of reach here).
 */
async function deliverPush(page: Page, context: BrowserContext, payload: unknown): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

type ShownNotification = { title: string; body: string; tag: string; actions: string[] };

/** The notifications the service worker shows now. */
function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScopeLike;
    return (await scope.registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      actions: notification.actions.map((action) => action.title),
    }));

    type ServiceWorkerGlobalScopeLike = {
      registration: {
        getNotifications(): Promise<(Notification & { actions: { title: string }[] })[]>;
      };
    };
  });
}

/**
 * Presses an action of the notification tagged `tag`, `times` times, as the member would on the system's
 * notification: the worker's `notificationclick` handler runs with that action (a press on the notification itself
 * with `action: ''`).
 */
function pressNotification(worker: Worker, tag: string, action: string, times = 1): Promise<void> {
  return worker.evaluate(
    async ({ tag, action, times }) => {
      type Scope = {
        registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
      };
      type NotificationEventConstructor = new (
        type: string,
        init: { notification: Notification; action: string },
      ) => Event;
      const scope = self as unknown as Scope;
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`No notification tagged ${tag}`);
      const NotificationEvent = (self as unknown as { NotificationEvent: NotificationEventConstructor })
        .NotificationEvent;
      for (let press = 0; press < times; press += 1) {
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification, action }));
      }
    },
    { tag, action, times },
  );
}

/** Today's date on this machine's clock (the browser's and the server's here), as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

test.describe('notifications', () => {
  test('a task reminder pushed to the worker is shown with Done and Snooze, and Done completes the task once with no tab open', async ({
    page,
    context,
    baseURL,
    signIn,
  }) => {
    test.slow();
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await signIn();
    const created = await page.request.post(`${baseURL}/api/tasks`, {
      headers: { origin: baseURL },
      data: { title: 'Water the plants', due_date: today() },
    });
    expect(created.status()).toBe(201);
    const task = (await created.json()) as { id: number };
    await page.goto('/');
    const worker = await appServiceWorker(page, context);

    const tag = `task.reminder:${task.id}`;
    await deliverPush(page, context, {
      id: 9_000_001,
      type: 'task.reminder',
      title: 'Water the plants',
      body: 'Due today',
      url: `/?task=${task.id}`,
      tag,
      data: { task_id: task.id, due: today() },
    });
    await expect
      .poll(() => shownNotifications(worker))
      .toEqual([{ title: 'Water the plants', body: 'Due today', tag, actions: ['Done', 'Snooze 10 min'] }]);

    // No tab of Lumara is open: the worker acts alone, with the session's cookie.
    for (const open of context.pages()) await open.close();
    expect(context.pages()).toEqual([]);
    await pressNotification(worker, tag, 'done', 2);

    await expect
      .poll(async () => {
        const tasks = (await (await context.request.get(`${baseURL}/api/tasks`)).json()) as {
          id: number;
          status: string;
        }[];
        return tasks.find((candidate) => candidate.id === task.id)?.status;
      })
      .toBe('done');
    await expect.poll(() => shownNotifications(worker)).toEqual([]);
    const stats = (await (await context.request.get(`${baseURL}/api/dashboard/stats`)).json()) as {
      tasks_today: number;
    };
    expect(stats.tasks_today).toBe(1);
  });

  test('a push in Spanish is worded in Spanish, and a click on a notification opens its page', async ({
    page,
    context,
    baseURL,
    signIn,
  }) => {
    test.slow();
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await signIn();
    await page.goto('/');
    const worker = await appServiceWorker(page, context);
    // The first load ran before the worker did; from the next one the worker controls the tab and may send it on.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await deliverPush(page, context, {
      id: 9_000_002,
      type: 'task.reminder',
      title: 'Regar las plantas',
      body: 'Vence hoy',
      url: '/focus',
      tag: 'task.reminder:es',
      data: { task_id: 1, due: today() },
      lang: 'es',
    });
    await expect
      .poll(async () => (await shownNotifications(worker)).map((shown) => shown.actions))
      .toEqual([['Hecho', 'Posponer 10 min']]);

    await pressNotification(worker, 'task.reminder:es', '');
    await expect(page).toHaveURL(`${baseURL}/focus`);
  });

  test('push is enabled in Settings: permission asked on the press, this device listed, a test notification counted by the bell', async ({
    page,
    context,
    baseURL,
    signIn,
  }) => {
    test.slow();
    await signIn();
    await page.goto('/settings');
    // A cold start of the settings page (its chunk, the profile, the devices): slow on a loaded machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });
    const card = page.getByRole('region', { name: 'Notifications', exact: true });
    const enable = card.getByRole('button', { name: 'Enable push on this device' });
    await expect(enable).toBeVisible();
    // Not asked before the press: the browser still has no answer.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // Headless Chromium answers a notification question nobody can see with a refusal or with nothing: either is
    // said in words the member can act on, and nothing is sent.
    await enable.click();
    await expect(
      card.getByText(
        /Notifications are blocked for Lumara|The browser’s question was closed without an answer/,
      ),
    ).toBeVisible();

    // Allowed (as in the browser's site settings): Chromium's own push service is out of reach from this machine,
    // so a real subscription fails, and the card says so.
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.reload();
    await appServiceWorker(page, context);
    await card.getByRole('button', { name: 'Enable push on this device' }).click();
    const outcome = card.getByText(
      /Push is on for this device\.|Your browser’s push service could not be reached/,
    );
    await expect(outcome).toBeVisible({ timeout: 20_000 });
    const realSubscription = await card.getByText('Push is on for this device.').isVisible();
    test.info().annotations.push({
      type: 'push subscription',
      description: realSubscription
        ? "Chromium's own push service"
        : 'a stand-in PushManager (push service unreachable)',
    });
    if (!realSubscription) {
      // The rest stands in a subscription of the browser's own making, with real keys, from a PushManager
      // that answers as the push service would (there is no other way to subscribe without it).
      await page.addInitScript(fakePushManager);
      await page.reload();
      await card.getByRole('button', { name: 'Enable push on this device' }).click();
    }
    await expect(card.getByText('Push is on for this device.')).toBeVisible();
    const devices = card.getByRole('list', { name: 'Devices that receive push notifications' });
    const thisDevice = devices.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(thisDevice).toContainText('Chrome on Linux');

    // This device removed: its subscription goes too, and Enable makes it again.
    await thisDevice.getByRole('button', { name: 'Remove' }).click();
    await expect(card.getByText('No device receives push notifications yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Enable push on this device' }).click();
    await expect(thisDevice).toBeVisible();

    // The test goes to the centre and to this device (whose push service, made up here, the server cannot
    // reach: what it does with the device then is its own business, so nothing below looks at the list).
    const bell = page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });
    await expect(bell).toHaveAccessibleName('Notifications');
    await card.getByRole('button', { name: 'Send a test notification' }).click();
    await expect(page.getByText('Test sent to your notification centre and 1 device.')).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell).toContainText('1');

    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    // Read as it is shown. While the list (a modal popover) is open the page behind it, the bell too, is hidden
    // from assistive technology, so the bell is found by its attributes here.
    await expect(
      page.locator('button[aria-haspopup="dialog"][aria-expanded="true"]').filter({ visible: true }),
    ).toHaveAttribute('aria-label', 'Notifications');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(bell).toBeFocused();
  });
});

/**
 * A PushManager that answers as a push service would, for a browser whose own service is out of reach: a
 * subscription with a real P-256 key pair and a 16-byte secret, on an https endpoint the server accepts. Runs in
 * the page before its scripts (addInitScript), so it names nothing outside itself.
 */
function fakePushManager(): void {
  const toBase64Url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const key = 'lumara-e2e-push-subscription';
  type Kept = { endpoint: string; p256dh: string; auth: string; serverKey: string };
  const subscriptionOf = (kept: Kept) => ({
    endpoint: kept.endpoint,
    expirationTime: null,
    options: {
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(kept.serverKey), (c) => c.charCodeAt(0)).buffer,
    },
    toJSON: () => ({
      endpoint: kept.endpoint,
      expirationTime: null,
      keys: { p256dh: kept.p256dh, auth: kept.auth },
    }),
    unsubscribe: async () => {
      localStorage.removeItem(key);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function getSubscription() {
    const kept = localStorage.getItem(key);
    return kept ? (subscriptionOf(JSON.parse(kept) as Kept) as unknown as PushSubscription) : null;
  };
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const serverKey = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
    const kept: Kept = {
      endpoint: `https://push.example.com/lumara-e2e/${crypto.randomUUID()}`,
      p256dh: toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey)),
      auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
      serverKey: btoa(String.fromCharCode(...serverKey)),
    };
    localStorage.setItem(key, JSON.stringify(kept));
    return subscriptionOf(kept) as unknown as PushSubscription;
  };
}
