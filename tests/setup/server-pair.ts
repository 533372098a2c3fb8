import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '#server/db/database.ts';
import type { S3TestServer } from './s3-test-server.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { databaseUrlWithName, uniqueDatabaseName, withAdminClient } from './test-database.ts';

/*
 * Lumara as an operator scales it out: several server processes behind one origin (one APP_URL), sharing one
 * PostgreSQL database, one Redis and, when given, one S3-compatible bucket. Used by the two-server suite
 * (tests/scale-out) and the two-server figure of `npm run bench`.
 */

/** The machine's PostgreSQL as an admin URL (databases are made and dropped there) and its Redis. */
export const SCALE_OUT_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SCALE_OUT_REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

export type ServerPairOptions = {
  /** The one public origin every server answers for; requests go to each server's own port. */
  appUrl: string;
  /** The bucket the servers share; media stay in each server's own directory without it. */
  s3?: () => S3TestServer | undefined;
  /** Ports on 127.0.0.1 that play a provider's CDN, which the safe fetch refuses unless named. */
  outboundPorts?: () => (number | undefined)[];
  /** How long a server may take to say it listens (a cold start on a loaded machine); 30 s when absent. */
  startTimeoutMs?: number;
};

export type ServerPairKit = {
  /** The Redis database every server of this kit shares (one per run, another index than a developer's default). */
  redisUrl: string;
  /** A fresh database of its own, migrated with ids made unique, for one pair of servers; its URL. */
  freshDatabase(): Promise<string>;
  /**
   * Starts A and B side by side on one database (migrated already, so they do not race over the schema). Each is
   * kept as soon as it is up, so one that started is stopped by `stopAll` even when the other did not.
   */
  startPair(
    databaseUrl: string,
    own?: { a?: Record<string, string>; b?: Record<string, string> },
  ): Promise<{ a: ServerProcess; b: ServerProcess }>;
  /** Stops every server, drops every database and removes every data directory, each even when another fails. */
  stopAll(): Promise<void>;
};

export function serverPairKit(options: ServerPairOptions): ServerPairKit {
  // What started, kept as soon as it did, so stopAll stops and removes exactly that even when a start failed.
  const databaseNames: string[] = [];
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const redisUrl = `${SCALE_OUT_REDIS_URL.replace(/\/\d*$/, '')}/${randomInt(1, 16)}`;

  /** What every server is told: one origin, the shared parts, and its own data directory. */
  function serverEnv(name: string, databaseUrl: string): Record<string, string> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `lumara-scale-out-${name}-`));
    dataDirs.push(dataDir);
    const s3 = options.s3?.();
    return {
      APP_URL: options.appUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ...(s3
        ? {
            S3_ENDPOINT: s3.endpoint,
            S3_REGION: s3.region,
            S3_BUCKET: s3.bucket,
            S3_ACCESS_KEY_ID: s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
            S3_FORCE_PATH_STYLE: 'true',
          }
        : {}),
      UNSAFE_OUTBOUND_ALLOW: (options.outboundPorts?.() ?? [])
        .filter((port) => port !== undefined)
        .map((port) => `127.0.0.1:${port}`)
        .join(','),
    };
  }

  return {
    redisUrl,
    async freshDatabase() {
      const databaseName = uniqueDatabaseName('lumara_scale_out');
      await withAdminClient(SCALE_OUT_POSTGRES_URL, (client) =>
        client.query(`CREATE DATABASE "${databaseName}"`),
      );
      databaseNames.push(databaseName);
      const databaseUrl = databaseUrlWithName(SCALE_OUT_POSTGRES_URL, databaseName);
      await migrateWithUniqueIds(databaseUrl);
      return databaseUrl;
    },
    async startPair(databaseUrl, own = {}) {
      const start = options.startTimeoutMs ? { timeoutMs: options.startTimeoutMs } : {};
      const [first, second] = await Promise.allSettled([
        startServerProcess({ ...serverEnv('a', databaseUrl), ...own.a }, start),
        startServerProcess({ ...serverEnv('b', databaseUrl), ...own.b }, start),
      ]);
      if (first.status === 'fulfilled') servers.push(first.value);
      if (second.status === 'fulfilled') servers.push(second.value);
      if (first.status === 'rejected') throw first.reason;
      if (second.status === 'rejected') throw second.reason;
      return { a: first.value, b: second.value };
    },
    async stopAll() {
      const stops: (() => Promise<unknown>)[] = [
        ...servers.map((server) => () => server.stop()),
        async () => {
          for (const databaseName of databaseNames) {
            await withAdminClient(SCALE_OUT_POSTGRES_URL, (client) =>
              client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
            );
          }
        },
      ];
      const results = await Promise.allSettled(stops.map((stop) => stop()));
      // The directories go last: a server still writing into its own would race the removal.
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      const failures = results.filter((result) => result.status === 'rejected');
      if (failures.length > 0) throw new AggregateError(failures.map((failure) => failure.reason));
    },
  };
}

/**
 * Applies the migrations once and starts every id sequence at a random point. Limits are counted on Redis under
 * keys that hold member ids, and live events carry post and member ids over a channel every Redis database shares,
 * so runs that follow or overlap one another must not reuse ids (a fresh database starts them at 1).
 */
async function migrateWithUniqueIds(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 1 });
  try {
    await database.migrate();
    const start = randomInt(1_000_000, 1_000_000_000);
    const { rows } = await database.pool.query<{ name: string }>(
      "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'",
    );
    for (const { name } of rows) await database.pool.query(`ALTER SEQUENCE ${name} RESTART WITH ${start}`);
  } finally {
    await database.close();
  }
}

/** What a pair of servers cannot reach, in words; empty when PostgreSQL and Redis both answer. */
export async function missingScaleOutServices(): Promise<string[]> {
  const missing: string[] = [];
  const client = new pg.Client({ connectionString: SCALE_OUT_POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    missing.push(
      `no PostgreSQL at ${SCALE_OUT_POSTGRES_URL} (${error instanceof Error ? error.message : error})`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(SCALE_OUT_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    missing.push(`no Redis at ${SCALE_OUT_REDIS_URL} (${error instanceof Error ? error.message : error})`);
  } finally {
    redis.disconnect();
  }
  return missing;
}
