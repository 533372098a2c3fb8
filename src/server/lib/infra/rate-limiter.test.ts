import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '#tests/setup/test-redis.ts';
import { createLogger } from './logger.ts';
import { createFixedWindowLimiter, REDIS_LIMIT_TIMEOUT_MS, type RedisLimits } from './rate-limiter.ts';

const REDIS_URL = TEST_REDIS_URL;
const withRedis = await redisForTests('the rate limiter on Redis');
const second = 1000;
const minute = 60 * second;

/** Every client a test opens, closed after it so vitest can exit. */
const clients: Redis[] = [];
function redisClient(options: RedisOptions = {}): Redis {
  const client = new Redis(REDIS_URL, options);
  clients.push(client);
  return client;
}
/**
 * A connected client, as the server holds one: until it is ready the limiter counts in memory rather than wait
 * (what a server would do in the first moments of its connection).
 */
async function readyClient(): Promise<Redis> {
  const client = redisClient();
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client;
}
// disconnect, not quit: quit waits for an answer, which the silent server below never sends.
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** A logger whose lines the test reads, and limits on their own key prefix (ids repeat across tests and runs). */
function redisLimits(client: Redis, keyPrefix = `lumara-test:${randomUUID()}`) {
  const lines: { level: number; msg: string; redisStatus?: string }[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
  const limits: RedisLimits = { client, keyPrefix, logger };
  return { limits, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('in memory', () => {
  it('allows the limit per window, then answers the exact wait, and starts again after the window (app clock)', async () => {
    let at = Date.parse('2026-11-22T09:00:00Z');
    const limiter = createFixedWindowLimiter({ limit: 3, windowMs: minute, now: () => at });
    for (let i = 0; i < 3; i++) expect(await limiter.take('post:1')).toBeNull();
    at += 20_500;
    expect(await limiter.take('post:1')).toEqual({ retryAfterSeconds: 40 });
    expect(await limiter.take('post:2')).toBeNull();
    at += 39_499;
    expect(await limiter.take('post:1')).toEqual({ retryAfterSeconds: 1 });
    at += 1;
    expect(await limiter.take('post:1')).toBeNull();
  });

  it('forgets windows that ended on the app clock, their counts too', async () => {
    let at = 0;
    const limiter = createFixedWindowLimiter({ limit: 1, windowMs: minute, now: () => at });
    expect(await limiter.take('a')).toBeNull();
    at += 2 * minute;
    // This call sweeps 'a' away; 'a' must then count from zero, not from the library's still-live record.
    expect(await limiter.take('b')).toBeNull();
    expect(await limiter.take('a')).toBeNull();
    expect(await limiter.take('a')).toEqual({ retryAfterSeconds: 60 });
  });

  describe('without an app clock, on vitest fake timers', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('counts on Date.now: exact wait, then a fresh window', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
      vi.setSystemTime(Date.parse('2026-11-22T09:00:00Z'));
      const limiter = createFixedWindowLimiter({ limit: 2, windowMs: minute });
      expect(await limiter.take('AI:1')).toBeNull();
      expect(await limiter.take('AI:1')).toBeNull();
      vi.advanceTimersByTime(45_200);
      expect(await limiter.take('AI:1')).toEqual({ retryAfterSeconds: 15 });
      vi.advanceTimersByTime(14_800);
      expect(await limiter.take('AI:1')).toBeNull();
    });
  });

  it('refuses a window that is not whole seconds, which the library would round', () => {
    expect(() => createFixedWindowLimiter({ limit: 1, windowMs: 1500 })).toThrow(/whole number of seconds/);
    expect(() => createFixedWindowLimiter({ limit: 1, windowMs: 0 })).toThrow(/whole number of seconds/);
  });
});

describe.skipIf(!withRedis)('on Redis', () => {
  it('counts over two servers together: with a limit of 5, the 6th over both is refused', async () => {
    const { limits } = redisLimits(await readyClient());
    // A second server: its own client and limiter, the same Redis and prefix.
    const other = { ...limits, client: await readyClient() };
    const serverA = createFixedWindowLimiter({ limit: 5, windowMs: minute, redis: limits, prefix: 'posts' });
    const serverB = createFixedWindowLimiter({ limit: 5, windowMs: minute, redis: other, prefix: 'posts' });
    for (const limiter of [serverA, serverB, serverA, serverB, serverA]) {
      expect(await limiter.take('post:1')).toBeNull();
    }
    const refused = await serverB.take('post:1');
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await serverA.take('post:1')).not.toBeNull();
    // Another member, and another limiter with the same keys, count on their own.
    expect(await serverA.take('post:2')).toBeNull();
    const comments = createFixedWindowLimiter({
      limit: 5,
      windowMs: minute,
      redis: limits,
      prefix: 'comments',
    });
    expect(await comments.take('post:1')).toBeNull();
  });

  it("answers Retry-After as the window's time left on Redis, rounded up", async () => {
    const client = await readyClient();
    const { limits } = redisLimits(client);
    const limiter = createFixedWindowLimiter({
      limit: 1,
      windowMs: 10 * second,
      redis: limits,
      prefix: 'ai',
    });
    expect(await limiter.take('AI:7')).toBeNull();
    await sleep(1200);
    const refused = await limiter.take('AI:7');
    const left = await client.pttl(`${limits.keyPrefix}:limits:ai:AI:7`);
    // 10 s window, 1.2 s in: 8.8 s left is 9 s (the test would need 0.8 s more to see 8).
    expect(refused).toEqual({ retryAfterSeconds: 9 });
    expect(Math.ceil(left / 1000)).toBe(9);
  });

  it('starts a fresh window once the last one has run out', async () => {
    const { limits } = redisLimits(await readyClient());
    const limiter = createFixedWindowLimiter({ limit: 2, windowMs: second, redis: limits, prefix: 'saves' });
    expect(await limiter.take('media save:1')).toBeNull();
    expect(await limiter.take('media save:1')).toBeNull();
    expect(await limiter.take('media save:1')).toEqual({ retryAfterSeconds: 1 });
    await sleep(1100);
    expect(await limiter.take('media save:1')).toBeNull();
  });

  it('keeps test runs apart by the key prefix: the same member id counts from zero under another', async () => {
    const client = await readyClient();
    const runA = redisLimits(client).limits;
    const runB = redisLimits(client).limits;
    const limiterA = createFixedWindowLimiter({ limit: 1, windowMs: minute, redis: runA });
    const limiterB = createFixedWindowLimiter({ limit: 1, windowMs: minute, redis: runB });
    expect(await limiterA.take('post:1')).toBeNull();
    expect(await limiterA.take('post:1')).not.toBeNull();
    expect(await limiterB.take('post:1')).toBeNull();
  });
});

describe.skipIf(!withRedis)('when Redis does not answer', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A port on this machine with nothing listening: opened, read, closed. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    await new Promise((resolve) => server.close(resolve));
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  it('counts in this server’s memory instead, without throwing, and logs that limits are per server', async () => {
    const dead = new Redis({
      host: '127.0.0.1',
      port: await closedPort(),
      connectTimeout: 200,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    clients.push(dead);
    // The owner of the client listens for its errors (without a listener ioredis prints them).
    dead.on('error', () => {});
    const { limits, lines } = redisLimits(dead);
    const posts = createFixedWindowLimiter({ limit: 2, windowMs: minute, redis: limits, prefix: 'posts' });
    const comments = createFixedWindowLimiter({
      limit: 2,
      windowMs: minute,
      redis: limits,
      prefix: 'comments',
    });
    expect(await posts.take('post:1')).toBeNull();
    expect(await posts.take('post:1')).toBeNull();
    const refused = await posts.take('post:1');
    expect(refused?.retryAfterSeconds).toBe(60);
    expect(await comments.take('comment:1')).toBeNull();
    // One warning for the outage, not one per call or per limiter.
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/per-member limits count on this server only/);
  });

  it('gives up on a Redis that accepts the connection but never answers after the timeout', async () => {
    // Accepts, reads, never writes: a Redis stuck or cut off without the connection closing.
    const silent = createServer((socket) => socket.on('data', () => {}));
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    // No handshake (RESP2, no client info) and no ready check, so ioredis takes the connection as ready at once
    // and sends the count, which never comes back.
    const stuck = new Redis({
      host: '127.0.0.1',
      port: address.port,
      protocol: 2,
      disableClientInfo: true,
      enableReadyCheck: false,
      retryStrategy: () => null,
    });
    clients.push(stuck);
    stuck.on('error', () => {});
    await new Promise((resolve) => stuck.once('ready', resolve));
    const { limits, lines } = redisLimits(stuck);
    const limiter = createFixedWindowLimiter({ limit: 1, windowMs: minute, redis: limits, prefix: 'ai' });
    const started = performance.now();
    expect(await limiter.take('AI:1')).toBeNull();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(REDIS_LIMIT_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(REDIS_LIMIT_TIMEOUT_MS + 1000);
    expect(await limiter.take('AI:1')).toEqual({ retryAfterSeconds: 60 });
    expect(lines.filter((line) => line.level === 40)).toHaveLength(1);
  });

  it('says once when Redis answers again and counts there from then on', async () => {
    const client = redisClient({ lazyConnect: true });
    client.on('error', () => {});
    const { limits, lines } = redisLimits(client);
    const limiter = createFixedWindowLimiter({ limit: 5, windowMs: minute, redis: limits, prefix: 'ai' });
    // Not connected yet: the library does not wait for it.
    expect(client.status).toBe('wait');
    expect(await limiter.take('AI:1')).toBeNull();
    await client.connect();
    expect(await limiter.take('AI:1')).toBeNull();
    expect(await limiter.take('AI:1')).toBeNull();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'Redis did not answer: per-member limits count on this server only until it does'],
      [30, 'Redis answers again: per-member limits count across servers'],
    ]);
    // The count made in memory during the outage is not on Redis: only the two made after it are.
    expect(await client.get(`${limits.keyPrefix}:limits:ai:AI:1`)).toBe('2');
  });
});
