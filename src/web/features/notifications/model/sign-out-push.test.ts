import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '#tests/web-kit/msw-server.ts';
import { fakePushBrowser } from '#tests/web-kit/notifications/fake-push-browser.ts';
import { serveNotifications } from '#tests/web-kit/notifications/notifications-handlers.ts';
import { stopPushAtSignOut } from './sign-out-push.ts';
import { keepThisDevice, readThisDevice } from './this-device.ts';

const MEMBER = 7;

/** This browser subscribed and known to the server as device 41, as Settings leaves it. */
async function subscribedBrowser() {
  const browser = fakePushBrowser({ permission: 'granted' });
  const subscription = await browser.subscribe({ applicationServerKey: new Uint8Array(65) });
  const centre = serveNotifications({
    devices: [{ id: 41, label: 'Chrome on Linux', created_at: '2026-11-28T10:00:00Z' }],
  });
  keepThisDevice(MEMBER, { id: 41, endpoint: subscription.endpoint });
  return { browser, subscription, centre };
}

describe('push at sign-out', () => {
  afterEach(() => {
    vi.useRealTimers();
    keepThisDevice(MEMBER, null);
  });

  it('removes this device on the server and ends the browser’s subscription, so the next person gets no pushes', async () => {
    const { browser, subscription, centre } = await subscribedBrowser();
    try {
      await stopPushAtSignOut(MEMBER);
      expect(centre.state.devices).toEqual([]);
      expect(subscription.unsubscribe).toHaveBeenCalledOnce();
      expect(browser.state.subscription).toBeNull();
      expect(readThisDevice(MEMBER)).toBeNull();
    } finally {
      browser.restore();
    }
  });

  it('ends the browser’s subscription even when the server cannot be told, and never throws', async () => {
    const { browser, subscription } = await subscribedBrowser();
    server.use(http.delete('/api/push/subscriptions/:id', () => HttpResponse.error()));
    try {
      await expect(stopPushAtSignOut(MEMBER)).resolves.toBeUndefined();
      expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    } finally {
      browser.restore();
    }
  });

  it('holds sign-out three seconds at most when the server does not answer', async () => {
    const { browser } = await subscribedBrowser();
    server.use(http.delete('/api/push/subscriptions/:id', () => delay('infinite')));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let done = false;
      const signingOut = stopPushAtSignOut(MEMBER).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await signingOut;
      expect(done).toBe(true);
    } finally {
      browser.restore();
    }
  });
});
