import type { Config } from './config.ts';
import type { ReadinessProbe } from './features/health/health.routes.ts';
import type { Logger } from './lib/logger.ts';
import type { MediaStore } from './lib/media-store.ts';
import { createS3MediaStore } from './lib/s3-media-store.ts';

/**
 * What several servers behind one load balancer share besides PostgreSQL (issue 16), opened from the
 * configuration: the object store media lives in (`S3_BUCKET`). Each part is absent when it is not configured,
 * and the app then keeps today's single-server part (the directory store). The probes feed `/readyz`.
 */
export type SharedParts = {
  mediaStore?: MediaStore;
  probes: { redis?: ReadinessProbe; object_store?: ReadinessProbe };
  close(): Promise<void>;
};

/** Thrown when a configured part cannot be reached at start-up: the server does not start half-connected. */
export class SharedPartUnavailableError extends Error {}

export async function openSharedParts(config: Config, logger: Logger): Promise<SharedParts> {
  const parts: SharedParts = { probes: {}, close: async () => {} };
  const closers: (() => Promise<void> | void)[] = [];
  if (config.objectStore) {
    const { credentials, ...store } = config.objectStore;
    const mediaStore = createS3MediaStore({ ...store, ...credentials, logger });
    try {
      await mediaStore.checkBucket();
    } catch (error) {
      mediaStore.close();
      throw new SharedPartUnavailableError(
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
