import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer } from './canary-server.ts';

/*
 * A push service on 127.0.0.1, as a browser's vendor runs one (RFC 8030), for tests and the benchmark. It makes
 * subscriptions the way a browser does (a P-256 key pair and a 16-byte auth secret, bound to the application
 * server key it was given), and for every push it receives it checks the VAPID header (RFC 8292: an ES256 JWT
 * signed by that key, `aud` its own origin, `exp` at most 12 hours ahead, a `mailto:` or `https:` subject) and
 * decrypts the `aes128gcm` body (RFC 8188 and RFC 8291) with node:crypto alone, never with the library the
 * server sends with. It can be told to answer a subscription with 404, 410, 429, 500 or slowly.
 */

/** A browser's `PushSubscription.toJSON()`, what the server is sent. */
export type SubscriptionJson = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

/** What `subscribe` made: the JSON a browser sends (what `JSON.stringify` gives too) and the receiver's id for it. */
export type FakeSubscription = SubscriptionJson & { id: string; toJSON(): SubscriptionJson };

/** A push that passed every check and was decrypted. */
export type ReceivedPush = {
  subscriptionId: string;
  /** The plaintext the server encrypted. */
  text: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  jwt: { aud: string; exp: number; sub: string };
  /** `Date.now()` when it arrived. */
  at: number;
};

/** Every POST, whatever came of it. */
export type PushAttempt = { subscriptionId: string; status: number; refusal?: string; at: number };

/** How the next pushes to a subscription are answered; `times` answers then fall back to 201. */
export type Behaviour =
  | { status: 404 | 410 | 429 | 500 | 503 | 400 | 413; retryAfter?: string; times?: number }
  | { slowMs: number; times?: number };

type Kept = { json: FakeSubscription; ecdh: ECDH; auth: Buffer; serverKey: string };

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;

export async function startPushReceiver(options: { host?: string } = {}) {
  const subscriptions = new Map<string, Kept>();
  const behaviours = new Map<string, Behaviour[]>();
  const received: ReceivedPush[] = [];
  const attempts: PushAttempt[] = [];
  /** Subscriptions each POST was for, as it arrives (before it is answered, however slowly). */
  const arrivals: string[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server = await startTestServer(
    (req, res) => {
      void handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
    },
    { host: options.host ?? '127.0.0.1' },
  );
  origin = server.origin;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBytes(req);
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const at = Date.now();
    const answer = (status: number, refusal?: string, headers: Record<string, string> = {}) => {
      attempts.push({ subscriptionId: id, status, ...(refusal ? { refusal } : {}), at });
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      res.end(refusal ?? '');
      for (const wake of waiters) wake();
    };
    const kept = subscriptions.get(id);
    if (req.method !== 'POST' || !kept) return answer(404, 'no such subscription');
    arrivals.push(id);
    for (const wake of waiters) wake();
    const behaviour = nextBehaviour(id);
    if (behaviour && 'slowMs' in behaviour) await sleep(behaviour.slowMs);
    else if (behaviour) {
      return answer(
        behaviour.status,
        `told to answer ${behaviour.status}`,
        behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {},
      );
    }
    let jwt: ReceivedPush['jwt'];
    try {
      jwt = checkVapid(req.headers.authorization, kept.serverKey, origin);
    } catch (error) {
      return answer(403, `VAPID: ${(error as Error).message}`);
    }
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm');
    if (req.headers.ttl === undefined) return answer(400, 'no TTL');
    let text: string;
    try {
      text = decryptAes128gcm(body, kept.ecdh, kept.auth);
    } catch (error) {
      return answer(400, `decrypt: ${(error as Error).message}`);
    }
    received.push({
      subscriptionId: id,
      text,
      ttl: header(req, 'ttl'),
      urgency: header(req, 'urgency'),
      topic: header(req, 'topic'),
      jwt,
      at,
    });
    answer(201);
  }

  function nextBehaviour(id: string): Behaviour | undefined {
    const queue = behaviours.get(id);
    const first = queue?.[0];
    if (!queue || !first) return undefined;
    const times = first.times ?? Number.POSITIVE_INFINITY;
    if (times <= 1) queue.shift();
    else queue[0] = { ...first, times: times - 1 };
    return first;
  }

  return {
    origin,
    port: server.port,
    /** A new subscription as a browser makes one for an application server key (the server's VAPID public key). */
    subscribe(applicationServerKey: string): FakeSubscription {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const sent: SubscriptionJson = {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
      const json: FakeSubscription = { ...sent, id, toJSON: () => sent };
      subscriptions.set(id, { json, ecdh, auth, serverKey: applicationServerKey });
      return json;
    },
    /** How the next pushes to one subscription are answered (queued after any told before). */
    behave(subscriptionId: string, behaviour: Behaviour): void {
      behaviours.set(subscriptionId, [...(behaviours.get(subscriptionId) ?? []), behaviour]);
    },
    /** Decrypted pushes, all or one subscription's, in arrival order. */
    received(subscriptionId?: string): ReceivedPush[] {
      return received.filter((push) => !subscriptionId || push.subscriptionId === subscriptionId);
    },
    /** How many POSTs reached a subscription, answered or still being answered. */
    arrivals(subscriptionId?: string): number {
      return arrivals.filter((id) => !subscriptionId || id === subscriptionId).length;
    },
    /** Every POST and what it was answered. */
    attempts(subscriptionId?: string): PushAttempt[] {
      return attempts.filter((attempt) => !subscriptionId || attempt.subscriptionId === subscriptionId);
    },
    /** Resolves once `check` holds (checked at every push), or fails after `timeoutMs`. */
    async waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`push receiver: not seen within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 250));
          waiters.add(wake);
        });
      }
    },
    close: () => server.close(),
  };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBytes(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A P-256 public key from its uncompressed point (65 bytes). */
function p256Key(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<key>`. The key must be the one the subscription was made for; the
 * JWT an ES256 signature by it (JWS: r‖s, 64 bytes) over `header.payload`, for this push service (`aud`), expiring
 * within 12 hours (with a minute for clocks), naming a contact (`sub`).
 */
function checkVapid(authorization: string | undefined, serverKey: string, origin: string) {
  const match = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no vapid t=, k= header');
  const [token, key] = [match[1], match[2]];
  if (key !== serverKey) throw new Error('k is not the application server key of the subscription');
  const [head, payload, signature] = token.split('.');
  if (!head || !payload || !signature) throw new Error('not a JWT');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: p256Key(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error('expired');
  if (claims.exp > now + 12 * 3600 + 60) throw new Error('exp more than 12 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error(`sub ${claims.sub}`);
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8188 `aes128gcm` with RFC 8291's keys: the header (salt 16, record size 4, key id length 1, key id = the
 * sender's ephemeral public key), then records of at most `rs` bytes, each AES-128-GCM with a 16-byte tag, its
 * plaintext ended by a delimiter (2 for the last record, 1 before) and zero padding.
 */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  if (body.length < 21) throw new Error('too short for a header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, not a P-256 point`);
  if (recordSize < 18) throw new Error(`record size ${recordSize}`);
  const receiverKey = receiver.getPublicKey();
  const ecdhSecret = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const records = body.subarray(21 + idLength);
  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's low bytes (RFC 8188 §2.3); it fits in the last four.
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const delimiter = plain[end];
    const last = offset + recordSize >= records.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error(`record ${sequence} ends with ${delimiter}`);
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}
