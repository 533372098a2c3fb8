import webPush from 'web-push';
import { AppError } from '#server/lib/http/errors.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import { type Lookup, safeFetch } from '#server/lib/infra/safe-fetch.ts';

/**
 * Sends one Web Push message to one browser's push service: the payload encrypted as RFC 8291 `aes128gcm` for the
 * subscription's keys, signed with a VAPID JWT (RFC 8292: `aud` the endpoint's origin, `exp` 12 hours ahead),
 * with `TTL`, `Urgency` and `Topic` (RFC 8030). The kept `web-push` library does the cryptography
 * (`generateRequestDetails`); the request goes out through the safe fetch, so an endpoint that resolves to a
 * private address is refused as a member's link would be, and it is bounded in time.
 */

/** The key pair and contact every push is signed with (push/vapid-keys.ts). */
export type VapidIdentity = { publicKey: string; privateKey: string; subject: string };

/** Where a subscription receives and the keys its browser decrypts with (base64url). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export type PushOptions = {
  vapid: VapidIdentity;
  /** How long the push service keeps the message for a device that is offline (RFC 8030 §5.2). */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** Replaces a message with the same topic the push service still holds (RFC 8030 §5.4): base64url, ≤ 32. */
  topic?: string;
};

/**
 * What came of a push:
 * - `sent`: the push service took it (2xx);
 * - `gone`: the subscription no longer exists (404, 410) or can never be reached (a private address): remove it;
 * - `retry`: worth another try later (429, 5xx, no answer), after `afterMs` when the service said (Retry-After);
 * - `failed`: refused for good (another 4xx: a bad key, too large); logged and dropped.
 */
export type PushOutcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number | null }
  | { kind: 'retry'; status: number | null; afterMs: number | null }
  | { kind: 'failed'; status: number | null };

export type WebPushClient = {
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
};

export type WebPushClientOptions = {
  logger: Logger;
  /** Bounds one push, connection and answer included. */
  timeoutMs: number;
  /** Addresses and ports treated as public (`UNSAFE_OUTBOUND_ALLOW`): a local fake push service in tests. */
  outbound: { extraAllowed: readonly string[]; extraPorts: readonly number[] };
  lookup?: Lookup;
};

/** An answer's body is read only to log why it refused; push services answer a few hundred bytes. */
const MAX_ANSWER_BYTES = 16 * 1024;

export function createWebPushClient(options: WebPushClientOptions): WebPushClient {
  const { logger } = options;
  return {
    async send(target, payload, push) {
      const details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: push.vapid,
          TTL: push.ttlSeconds,
          urgency: push.urgency,
          contentEncoding: 'aes128gcm',
          ...(push.topic ? { topic: push.topic } : {}),
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      const origin = new URL(target.endpoint).origin;
      let answer: Awaited<ReturnType<typeof safeFetch>>;
      try {
        answer = await safeFetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ?? new Uint8Array(),
          maxRedirects: 0,
          maxBytes: MAX_ANSWER_BYTES,
          timeoutMs: options.timeoutMs,
          allowPorts: [443, ...options.outbound.extraPorts],
          extraAllowed: options.outbound.extraAllowed,
          logger,
          ...(options.lookup ? { lookup: options.lookup } : {}),
        });
      } catch (error) {
        // A refused address can never be reached; a timeout or an unreachable service may pass.
        const refused = error instanceof AppError && error.code === 'bad_request';
        logger.warn(
          { origin, err: error instanceof Error ? error.message : String(error) },
          refused ? 'push endpoint refused' : 'push service unreachable',
        );
        return refused ? { kind: 'gone', status: null } : { kind: 'retry', status: null, afterMs: null };
      }
      const { status } = answer;
      if (status >= 200 && status < 300) return { kind: 'sent', status };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) {
        return { kind: 'retry', status, afterMs: retryAfterMs(answer.headers.get('retry-after')) };
      }
      logger.warn(
        { origin, status, answer: new TextDecoder().decode(answer.body).slice(0, 300) },
        'push refused by the push service',
      );
      return { kind: 'failed', status };
    },
  };
}

/** `Retry-After` as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A new VAPID key pair (base64url): a 65-byte uncompressed P-256 public key and its 32-byte private key. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
