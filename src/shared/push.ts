import { z } from 'zod';

/**
 * Web Push (RFC 8030/8291/8292). The browser subscribes with the server's VAPID public key and sends its
 * `PushSubscription` here; the server signs every push with the key pair it keeps for all its instances.
 */

/** `GET /api/push/public-key`: the VAPID application server key, base64url (an uncompressed P-256 point). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });

export const PUSH_LIMITS = { endpointMaxBytes: 2048, labelMax: 80 } as const;

/** base64url without padding, as `PushSubscription.toJSON()` gives its keys. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/**
 * `POST /api/push/subscriptions`: `PushSubscription.toJSON()` plus an optional label ("Chrome on Linux"). The
 * server checks what a schema cannot: the endpoint is https on a public address, `p256dh` is a point on P-256 and
 * `auth` is 16 bytes.
 */
export const pushSubscriptionRequestSchema = z
  .object({
    endpoint: z.url().max(PUSH_LIMITS.endpointMaxBytes),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }).strict(),
    label: z.string().trim().max(PUSH_LIMITS.labelMax).optional(),
  })
  .strict();
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** A device the member receives pushes on; never its keys. */
export const pushDeviceSchema = z
  .object({ id: z.number().int(), label: z.string().nullable(), created_at: z.string() })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDeviceListSchema = z.array(pushDeviceSchema);

/** `POST /api/push/test`: how many of the member's devices the test notification is being pushed to. */
export const pushTestResponseSchema = z.object({ devices: z.number().int() }).meta({ id: 'PushTest' });
export type PushTestResponse = z.infer<typeof pushTestResponseSchema>;
