import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/lib/infra/logger.ts';
import { type PushReceiver, startPushReceiver } from '#tests/fakes/push-receiver.ts';
import {
  createWebPushClient,
  generateVapidKeys,
  retryAfterMs,
  type VapidIdentity,
} from './web-push-client.ts';

/**
 * The push client against a push service on loopback (tests/fakes/push-receiver.ts) that checks the VAPID JWT
 * against the key the subscription was made for and decrypts the body with its own RFC 8291 code.
 */
let receiver: PushReceiver;
let vapid: VapidIdentity;

beforeAll(async () => {
  receiver = await startPushReceiver();
  vapid = { ...generateVapidKeys(), subject: 'mailto:webpush@lumara.test' };
});
afterAll(() => receiver.close());

function clientFor(options: { timeoutMs?: number; allowLoopback?: boolean } = {}) {
  return createWebPushClient({
    logger: createLogger('silent'),
    timeoutMs: options.timeoutMs ?? 3_000,
    outbound:
      options.allowLoopback === false
        ? { extraAllowed: [], extraPorts: [] }
        : { extraAllowed: ['127.0.0.1'], extraPorts: [receiver.port] },
  });
}

const targetOf = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
  endpoint: subscription.endpoint,
  p256dh: subscription.keys.p256dh,
  auth: subscription.keys.auth,
});

describe('web push client', () => {
  it('sends an aes128gcm payload the receiver decrypts to what was sent, signed for its origin', async () => {
    const subscription = receiver.subscribe(vapid.publicKey);
    const payload = JSON.stringify({ id: 7, title: 'Pay rent', body: 'Due at 17:00 — ¡ñ 🎉' });
    const before = Math.floor(Date.now() / 1000);
    const outcome = await clientFor().send(targetOf(subscription), payload, {
      vapid,
      ttlSeconds: 3600,
      urgency: 'high',
      topic: 'n7',
    });
    expect(outcome).toEqual({ kind: 'sent', status: 201 });
    const [push] = receiver.received(subscription.id);
    expect(push?.text).toBe(payload);
    expect(push).toMatchObject({ ttl: '3600', urgency: 'high', topic: 'n7' });
    expect(push?.jwt.aud).toBe(receiver.origin);
    expect(push?.jwt.sub).toBe('mailto:webpush@lumara.test');
    // RFC 8292: at most 24 h; ours is 12.
    expect(push?.jwt.exp).toBeGreaterThan(before);
    expect(push?.jwt.exp).toBeLessThanOrEqual(before + 12 * 3600 + 5);
  });

  it('is refused by the receiver when signed with another key', async () => {
    const other = { ...generateVapidKeys(), subject: vapid.subject };
    const subscription = receiver.subscribe(vapid.publicKey);
    const outcome = await clientFor().send(targetOf(subscription), '{}', {
      vapid: other,
      ttlSeconds: 60,
      urgency: 'normal',
    });
    expect(outcome).toEqual({ kind: 'failed', status: 403 });
    expect(receiver.received(subscription.id)).toEqual([]);
  });

  it('tells gone (404, 410), retry (429 with Retry-After, 5xx) and failed (other 4xx) apart', async () => {
    const client = clientFor();
    const options = { vapid, ttlSeconds: 60, urgency: 'normal' as const };
    const cases = [
      [{ status: 410 }, { kind: 'gone', status: 410 }],
      [{ status: 404 }, { kind: 'gone', status: 404 }],
      [
        { status: 429, retryAfter: '7' },
        { kind: 'retry', status: 429, afterMs: 7_000 },
      ],
      [{ status: 500 }, { kind: 'retry', status: 500, afterMs: null }],
      [{ status: 413 }, { kind: 'failed', status: 413 }],
    ] as const;
    for (const [behaviour, expected] of cases) {
      const subscription = receiver.subscribe(vapid.publicKey);
      receiver.behave(subscription.id, { ...behaviour, times: 1 });
      expect(await client.send(targetOf(subscription), '{}', options)).toEqual(expected);
    }
  });

  it('gives up on a push service slower than its timeout, as one to retry', async () => {
    const subscription = receiver.subscribe(vapid.publicKey);
    receiver.behave(subscription.id, { slowMs: 2_000, times: 1 });
    const started = Date.now();
    const outcome = await clientFor({ timeoutMs: 300 }).send(targetOf(subscription), '{}', {
      vapid,
      ttlSeconds: 60,
      urgency: 'normal',
    });
    expect(outcome).toEqual({ kind: 'retry', status: null, afterMs: null });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a loopback endpoint not named in UNSAFE_OUTBOUND_ALLOW, before any request: gone', async () => {
    const subscription = receiver.subscribe(vapid.publicKey);
    const attemptsBefore = receiver.attempts().length;
    const outcome = await clientFor({ allowLoopback: false }).send(targetOf(subscription), '{}', {
      vapid,
      ttlSeconds: 60,
      urgency: 'normal',
    });
    expect(outcome).toEqual({ kind: 'gone', status: null });
    expect(receiver.attempts()).toHaveLength(attemptsBefore);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
