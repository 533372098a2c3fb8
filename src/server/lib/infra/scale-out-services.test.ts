import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { type S3TestServer, startS3TestServer } from '#tests/setup/s3-test-server.ts';
import { redisForTests, TEST_REDIS_URL } from '#tests/setup/test-redis.ts';
import { createLogger } from './logger.ts';
import { createFixedWindowLimiter } from './rate-limiter.ts';
import { openScaleOutServices, ScaleOutServiceUnavailableError } from './scale-out-services.ts';

/** The services a server shares with the others when scaled out, opened from its configuration, against a real S3-compatible server. */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer({ bucket: 'lumara-parts' });
});
afterAll(() => s3.stop());

const logger = createLogger('silent');
const objectStoreEnv = (bucket: string) => ({
  NODE_ENV: 'test',
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: s3.region,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

describe('openScaleOutServices', () => {
  it('opens nothing when nothing is configured: the app keeps its single-server parts', async () => {
    const parts = await openScaleOutServices(loadConfig({ NODE_ENV: 'test' }), logger);
    expect(parts.mediaStore).toBeUndefined();
    expect(parts.probes).toEqual({});
    await parts.close();
  });

  it('stores media in the configured bucket and reports it ready', async () => {
    const parts = await openScaleOutServices(loadConfig(objectStoreEnv('lumara-parts')), logger);
    try {
      const store = parts.mediaStore;
      if (!store) throw new Error('no media store');
      await store.put('outputs/one.bin', new Uint8Array([1, 2, 3]));
      expect(await store.size('outputs/one.bin')).toBe(3);
      expect(await parts.probes.object_store?.()).toBe(true);
    } finally {
      await parts.close();
    }
  });

  it('refuses to start on a bucket that does not exist, saying what to check', async () => {
    await expect(openScaleOutServices(loadConfig(objectStoreEnv('no-such-bucket')), logger)).rejects.toThrow(
      ScaleOutServiceUnavailableError,
    );
    await expect(openScaleOutServices(loadConfig(objectStoreEnv('no-such-bucket')), logger)).rejects.toThrow(
      /bucket "no-such-bucket" cannot be reached .*create the bucket first/,
    );
  });
});

const withRedis = await redisForTests('scale-out services on Redis');

describe.skipIf(!withRedis)('openScaleOutServices with Redis', () => {
  const redisUrl = TEST_REDIS_URL;

  it('carries live events over Redis between two servers, and reports Redis ready', async () => {
    const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: redisUrl });
    const a = await openScaleOutServices(config, logger);
    const b = await openScaleOutServices(config, logger);
    try {
      const heard: unknown[] = [];
      const stop = b.events?.subscribe((delivery) => heard.push(delivery.event));
      // A random post id: another test run on this machine may publish on the same channel meanwhile.
      const postId = Math.floor(Math.random() * 1e9);
      a.events?.publish({ audience: { kind: 'all' }, event: { type: 'post.created', data: { postId } } });
      await expect.poll(() => heard).toContainEqual({ type: 'post.created', data: { postId } });
      stop?.();
      expect(await a.probes.redis?.()).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses to start when Redis does not answer', async () => {
    await expect(
      openScaleOutServices(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:1' }), logger),
    ).rejects.toThrow(/Redis at REDIS_URL did not answer/);
  }, 20_000);
});

describe.skipIf(!withRedis)('limits on Redis', () => {
  it('gives each server a Redis client on which their limits count together', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      REDIS_URL: TEST_REDIS_URL,
    });
    const servers = [await openScaleOutServices(config, logger), await openScaleOutServices(config, logger)];
    try {
      // One prefix for this run: member ids repeat across test runs on this machine's Redis.
      const keyPrefix = `test-${randomUUID()}`;
      const [onA, onB] = servers.map((parts) => {
        if (!parts.redisLimits) throw new Error('no Redis limits');
        const redis = { ...parts.redisLimits, keyPrefix };
        return createFixedWindowLimiter({ limit: 3, windowMs: 60_000, redis, prefix: 'posts' });
      });
      if (!onA || !onB) throw new Error('two servers');
      const verdicts = [await onA.take('7'), await onB.take('7'), await onA.take('7'), await onB.take('7')];
      expect(verdicts.slice(0, 3)).toEqual([null, null, null]);
      expect(verdicts[3]?.retryAfterSeconds).toBeGreaterThan(55);
    } finally {
      for (const parts of servers) await parts.close();
    }
  });
});
