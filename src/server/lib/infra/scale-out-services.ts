import { hostname } from 'node:os';
import type { Config } from '#server/config.ts';
import type { EventBus } from './event-bus.ts';
import type { Logger } from './logger.ts';
import type { MediaStore } from './media-store.ts';
import type { RedisLimits } from './rate-limiter.ts';

/** The channel every server's live events travel on. */
export const EVENTS_CHANNEL = 'lumara:events';
/** How long start-up waits for Redis before refusing to start half-connected. */
const REDIS_START_MS = 10_000;

/** Whether a service answers, as `/readyz` asks it (the health feature's probes). */
type ReadinessProbe = () => Promise<boolean>;

/**
 * What several servers behind one load balancer share besides PostgreSQL, opened from the
 * configuration: live events over Redis pub/sub and per-member limits on Redis (`REDIS_URL`), and the object
 * store media lives in (`S3_BUCKET`). Each part is absent when it is not configured, and the app then keeps its
 * single-server part (the in-process bus, memory counts, the directory store). The probes feed `/readyz`. The Redis
 * and S3 clients are imported only when configured: a single server never loads them (a start's worth of time).
 */
export type ScaleOutServices = {
  events?: EventBus;
  redisLimits?: RedisLimits;
  mediaStore?: MediaStore;
  probes: { redis?: ReadinessProbe; object_store?: ReadinessProbe };
  close(): Promise<void>;
};

/** Thrown when a configured part cannot be reached at start-up: the server does not start half-connected. */
export class ScaleOutServiceUnavailableError extends Error {}

export async function openScaleOutServices(config: Config, logger: Logger): Promise<ScaleOutServices> {
  const parts: ScaleOutServices = { probes: {}, close: async () => {} };
  const closers: (() => Promise<void> | void)[] = [];
  if (config.redis) {
    const [{ Redis }, { createRedisEventBus }] = await Promise.all([
      import('ioredis'),
      import('./redis-event-bus.ts'),
    ]);
    const events = createRedisEventBus({
      url: config.redis.url,
      channel: EVENTS_CHANNEL,
      logger,
      // Names this server's connections in Redis's CLIENT LIST.
      name: `lumara-${hostname()}-${process.pid}`,
    });
    const started = await Promise.race([
      events.ready().then(() => true),
      new Promise<false>((resolve) => setTimeout(resolve, REDIS_START_MS, false).unref()),
    ]);
    if (!started) {
      await events.close();
      throw new ScaleOutServiceUnavailableError(
        `Redis at REDIS_URL did not answer within ${REDIS_START_MS / 1000} s: start it, or unset REDIS_URL to run one server`,
      );
    }
    parts.events = events;
    parts.probes.redis = () => events.ping();
    closers.push(() => events.close());
    // The limits' own connection (decision 0022): a pub/sub connection cannot run commands. Its errors are the
    // limiter's to report (it falls back to per-server counts), not a crash.
    const client = new Redis(config.redis.url, {
      connectionName: `lumara-limits-${hostname()}-${process.pid}`,
    });
    client.on('error', () => {});
    // Connected before the first request, so no count starts in memory (the bus has just shown Redis answers).
    // A ping that fails or outlasts the wait is no reason to stop: the limiter counts in memory until it answers.
    await Promise.race([
      client.ping().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, REDIS_START_MS).unref()),
    ]);
    parts.redisLimits = { client, keyPrefix: 'lumara', logger };
    closers.push(() => {
      client.disconnect();
    });
  }
  if (config.objectStore) {
    const { credentials, ...store } = config.objectStore;
    const { createS3MediaStore } = await import('./s3-media-store.ts');
    const mediaStore = createS3MediaStore({ ...store, ...credentials, logger });
    try {
      await mediaStore.checkBucket();
    } catch (error) {
      mediaStore.close();
      for (const close of closers.reverse()) await close();
      throw new ScaleOutServiceUnavailableError(
        `the object store's bucket "${store.bucket}" cannot be reached (${error instanceof Error ? error.message : String(error)}): ` +
          'check S3_ENDPOINT, S3_REGION and the keys, and create the bucket first',
      );
    }
    parts.mediaStore = mediaStore;
    parts.probes.object_store = () => mediaStore.checkBucket().then(() => true);
    closers.push(() => mediaStore.close());
  }
  parts.close = async () => {
    for (const close of closers.reverse()) await close();
  };
  return parts;
}
