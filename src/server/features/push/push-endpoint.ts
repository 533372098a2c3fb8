import { createPublicKey } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { MediaConfig } from '#server/config.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import { assertFetchableUrl } from '#server/lib/infra/safe-fetch.ts';
import { PUSH_LIMITS, type PushSubscriptionRequest } from '#shared/push.ts';
import type { Localized } from '#shared/texts.ts';

/** What a browser's subscription is checked to be before it is kept: where pushes go, and keys that can be used. */
export type CheckedSubscription = { endpoint: string; p256dh: string; auth: string };

/** RFC 8291: the browser's secret is 16 bytes. */
const AUTH_SECRET_BYTES = 16;

function refused(field: 'endpoint' | 'keys.p256dh' | 'keys.auth', reason: Localized): AppError {
  return new AppError('validation_failed', say('server.validation.failed'), { fields: { [field]: reason } });
}

/**
 * The endpoint is where the server will send requests on the member's say-so, so it passes the rules of every
 * member-supplied link (safe-fetch.ts: no private or loopback address, no user info, port 443), and it must be
 * https: a push service is, and its messages travel encrypted anyway but its VAPID header does not. An address in
 * `UNSAFE_OUTBOUND_ALLOW` may be http (a fake push service in tests). Its host is resolved and checked again at
 * every push. `p256dh` must be a point on P-256 (the browser's public key) and `auth` 16 bytes. 400 naming the field.
 */
export function checkSubscription(
  input: PushSubscriptionRequest,
  outbound: MediaConfig['outbound'],
  logger: Logger,
): CheckedSubscription {
  const endpoint = input.endpoint;
  if (Buffer.byteLength(endpoint) > PUSH_LIMITS.endpointMaxBytes)
    throw refused('endpoint', say('server.push.endpointTooLong', { max: PUSH_LIMITS.endpointMaxBytes }));
  let url: URL;
  try {
    url = assertFetchableUrl(endpoint, {
      allowPorts: [443, ...outbound.extraPorts],
      extraAllowed: outbound.extraAllowed,
      logger,
    });
  } catch (error) {
    if (error instanceof AppError) throw refused('endpoint', error.message);
    throw error;
  }
  if (url.protocol !== 'https:' && !isExtraAllowed(url.hostname, outbound.extraAllowed))
    throw refused('endpoint', say('server.push.endpointHttps'));
  if (!isP256Point(input.keys.p256dh)) throw refused('keys.p256dh', say('server.push.badP256dh'));
  if (Buffer.from(input.keys.auth, 'base64url').length !== AUTH_SECRET_BYTES)
    throw refused('keys.auth', say('server.push.badAuth', { bytes: AUTH_SECRET_BYTES }));
  return { endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
}

function isExtraAllowed(hostname: string, extraAllowed: readonly string[]): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const address = ipaddr.process(bare).toString();
  return extraAllowed.some(
    (allowed) => ipaddr.isValid(allowed) && ipaddr.process(allowed).toString() === address,
  );
}

/** Whether base64url text is an uncompressed P-256 point that lies on the curve (node:crypto checks it). */
export function isP256Point(base64url: string): boolean {
  const bytes = Buffer.from(base64url, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
