import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { COMMUNITY_LIMITS, communityCommentSchema, communityPostSchema } from '#shared/community.ts';
import { mediaItemSchema } from '#shared/media.ts';
import { type FileHost, SAMPLE_FILES, startFileHost } from '#tests/factories/media-test-files.ts';
import {
  type EventStreamClient,
  openEventStream,
  type StreamEvent,
} from '#tests/setup/event-stream-client.ts';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { type S3TestServer, startS3TestServer } from '#tests/setup/s3-test-server.ts';
import { type ServerProcess, startServerProcess } from '#tests/setup/server-process.ts';
import { databaseUrlWithName, uniqueDatabaseName, withAdminClient } from '#tests/setup/test-database.ts';

/*
 * Issue 16, "What it must show": two real Lumara processes, A and B, behind one origin (one APP_URL), sharing one
 * fresh PostgreSQL database, one Redis and one S3-compatible bucket (s3rver), as an operator runs them behind a
 * load balancer. Each case acts through A and looks through B, so each would fail on a build where live events,
 * limits or media stay inside one process. Runs on the machine's PostgreSQL (TEST_DATABASE_URL, an admin URL) and
 * Redis (REDIS_TEST_URL); `npm run test:scale-out` runs it alone, `npm test` after the server tests.
 */

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
/** The one public origin both servers answer for; requests go to each server's own port. */
const APP_URL = 'http://lumara.test';
/** "Within a second" is the bus's promise; a loaded CI machine gets a few. */
const EVENT_WAIT_MS = 5_000;

/**
 * Whether the machine offers what the suite needs. On a developer's machine without PostgreSQL or Redis the
 * suite says so and is skipped (the embedded default needs neither); in CI (`CI` set) it runs and fails loudly.
 */
const missing = await missingServices();
if (missing.length > 0) {
  const message = `two-server suite: ${missing.join('; ')}`;
  if (process.env.CI) throw new Error(message);
  console.warn(`${message}. Skipped (set TEST_DATABASE_URL and REDIS_TEST_URL to run it).`);
}

describe.skipIf(missing.length > 0)('two Lumara servers on one PostgreSQL, Redis and bucket', () => {
  const databaseName = uniqueDatabaseName('lumara_scale_out');
  const dataDirs: string[] = [];
  const streams: EventStreamClient[] = [];
  let databaseCreated = false;
  let s3: S3TestServer | undefined;
  let fileHost: FileHost | undefined;
  // Set once started; afterAll stops only what started (hence its `?.`).
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    await withAdminClient(POSTGRES_URL, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
    databaseCreated = true;
    const databaseUrl = databaseUrlWithName(POSTGRES_URL, databaseName);
    await migrateWithUniqueIds(databaseUrl);
    [s3, fileHost] = await Promise.all([
      startS3TestServer({ bucket: 'lumara-scale-out' }),
      startFileHost({ host: '127.0.0.1' }),
    ]);
    // One Redis database for both (another index than a developer's default); the ids made unique above keep
    // runs apart in any of them.
    const redisUrl = `${REDIS_URL.replace(/\/\d*$/, '')}/${randomInt(1, 16)}`;
    const env = (name: string): Record<string, string> => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `lumara-scale-out-${name}-`));
      dataDirs.push(dataDir);
      return {
        APP_URL,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        S3_ENDPOINT: s3?.endpoint ?? '',
        S3_REGION: s3?.region ?? '',
        S3_BUCKET: s3?.bucket ?? '',
        S3_ACCESS_KEY_ID: s3?.accessKeyId ?? '',
        S3_SECRET_ACCESS_KEY: s3?.secretAccessKey ?? '',
        S3_FORCE_PATH_STYLE: 'true',
        // The file host plays a provider's CDN on loopback, which the safe fetch refuses unless named here.
        UNSAFE_OUTBOUND_ALLOW: `127.0.0.1:${fileHost?.port ?? 0}`,
      };
    };
    // Migrated already, so the two start side by side without racing over the schema. Each is kept as soon as it
    // is up, so one that started is stopped by afterAll even when the other did not.
    const started = await Promise.allSettled([startServerProcess(env('a')), startServerProcess(env('b'))]);
    const [first, second] = started;
    if (first?.status === 'fulfilled') a = first.value;
    if (second?.status === 'fulfilled') b = second.value;
    const refused = started.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
  }, 60_000);

  afterAll(async () => {
    // Each part is stopped even when another's stop fails, so vitest exits and nothing is left running.
    const stops: (() => Promise<unknown>)[] = [
      async () => {
        for (const stream of streams) stream.close();
      },
      async () => a?.stop(),
      async () => b?.stop(),
      async () => s3?.stop(),
      async () => fileHost?.close(),
      async () => {
        if (!databaseCreated) return;
        await withAdminClient(POSTGRES_URL, (client) =>
          client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
        );
      },
      async () => {
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      },
    ];
    const results = await Promise.allSettled(stops.map((stop) => stop()));
    const failures = results.filter((result) => result.status === 'rejected');
    if (failures.length > 0) throw new AggregateError(failures.map((failure) => failure.reason));
  }, 30_000);

  const signIn = (server: ServerProcess, name: string) =>
    signInOverHttp(server.url, { name, email: `${name.toLowerCase()}@example.test` }, { origin: APP_URL });

  const send = (server: ServerProcess, cookie: string, method: string, route: string, body?: unknown) =>
    fetch(`${server.url}${route}`, {
      method,
      headers: {
        cookie,
        origin: APP_URL,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const streamOn = async (server: ServerProcess, cookie: string) => {
    const stream = await openEventStream(server.url, cookie);
    streams.push(stream);
    return stream;
  };

  const isEvent = (type: string, data: Record<string, unknown>) => (event: StreamEvent) =>
    event.type === type &&
    typeof event.data === 'object' &&
    event.data !== null &&
    Object.entries(data).every(([key, value]) => (event.data as Record<string, unknown>)[key] === value);

  it('a post, a like and a comment made through A, and the badge the post earns, reach streams on B', async () => {
    const author = await signIn(a, 'Author');
    const reader = await signIn(b, 'Reader');
    const authorOnB = await streamOn(b, author);
    const readerOnB = await streamOn(b, reader);

    const created = await send(a, author, 'POST', '/api/community/posts', {
      title: 'Hello from server A',
      body: 'Read on server B',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const post = communityPostSchema.parse(await created.json());
    await authorOnB.waitFor(isEvent('post.created', { postId: post.id }), EVENT_WAIT_MS);
    await readerOnB.waitFor(isEvent('post.created', { postId: post.id }), EVENT_WAIT_MS);
    // The first post earns First Flight, told to its author alone.
    await authorOnB.waitFor(isEvent('badge.earned', { badge_type: 'first_flight' }), EVENT_WAIT_MS);

    const liked = await send(a, reader, 'PUT', `/api/community/posts/${post.id}/like`);
    expect(liked.status, await liked.clone().text()).toBe(200);
    await authorOnB.waitFor(isEvent('post.liked', { postId: post.id, likes: 1 }), EVENT_WAIT_MS);

    const commented = await send(a, reader, 'POST', `/api/community/posts/${post.id}/comments`, {
      body: 'Seen from the other server',
    });
    expect(commented.status, await commented.clone().text()).toBe(201);
    const comment = communityCommentSchema.parse(await commented.json());
    await authorOnB.waitFor(
      isEvent('comment.created', { postId: post.id, commentId: comment.id, commentsCount: 1 }),
      EVENT_WAIT_MS,
    );
    await readerOnB.waitFor(isEvent('comment.created', { commentId: comment.id }), EVENT_WAIT_MS);

    // Each event arrived once, the post's in the order A published them, and the badge reached no one else.
    const seen = authorOnB.events.map((event) => event.type).filter((type) => type !== 'ready');
    expect([...seen].sort()).toEqual(['badge.earned', 'comment.created', 'post.created', 'post.liked']);
    expect(seen.filter((type) => type.startsWith('post.') || type.startsWith('comment.'))).toEqual([
      'post.created',
      'post.liked',
      'comment.created',
    ]);
    expect(readerOnB.events.some((event) => event.type === 'badge.earned')).toBe(false);
  });

  it('counts a per-member limit over A and B together: the post past the limit is 429 with Retry-After', async () => {
    const member = await signIn(a, 'Poster');
    const servers = [a, b];
    for (let n = 0; n < COMMUNITY_LIMITS.postsPerMinute; n++) {
      const server = servers[n % 2] ?? a;
      const answer = await send(server, member, 'POST', '/api/community/posts', { title: `Post ${n + 1}` });
      expect(answer.status, `post ${n + 1}: ${await answer.clone().text()}`).toBe(201);
    }
    // Split over two servers, each has seen fewer than the limit: only a shared count refuses these.
    for (const server of [servers[COMMUNITY_LIMITS.postsPerMinute % 2] ?? b, a, b]) {
      const refused = await send(server, member, 'POST', '/api/community/posts', { title: 'One too many' });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('serves a file saved through A through B, whole and by range', async () => {
    const member = await signIn(a, 'Saver');
    const saved = await send(a, member, 'POST', '/api/media', {
      media_type: 'video',
      media_url: fileHost?.url('/file/mp4?type=video/mp4'),
      title: 'Saved on A',
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const item = mediaItemSchema.parse(await saved.json());
    const fileRoute = new URL(item.media_url, APP_URL).pathname;
    const sample = SAMPLE_FILES.mp4;

    const whole = await fetch(`${b.url}${fileRoute}`, { headers: { cookie: member } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(sample);

    const ranged = await fetch(`${b.url}${fileRoute}`, {
      headers: { cookie: member, range: 'bytes=0-9' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-9/${sample.length}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(sample.subarray(0, 10));

    // And the other way: B lists and deletes what A saved, and A then has no file to serve.
    const deleted = await send(b, member, 'DELETE', `/api/media/${item.id}`);
    expect(deleted.status).toBe(200);
    const gone = await fetch(`${a.url}${fileRoute}`, { headers: { cookie: member } });
    expect(gone.status).toBe(404);
  });

  it('refuses the cookie on B at once after logout on A', async () => {
    const member = await signIn(a, 'Leaver');
    expect((await send(b, member, 'GET', '/api/users/me')).status).toBe(200);
    const logout = await send(a, member, 'POST', '/api/logout');
    expect(logout.status).toBe(200);
    expect((await send(b, member, 'GET', '/api/users/me')).status).toBe(401);
  });

  it("closes B's open event stream when the session ends on A", async () => {
    const member = await signIn(a, 'Watcher');
    const onB = await streamOn(b, member);
    // Open while the session lives, so its end below is the logout's doing.
    expect(await onB.waitForEnd(300)).toBe(false);
    const logout = await send(a, member, 'POST', '/api/logout');
    expect(logout.status).toBe(200);
    // Told over the bus, not found at the next keep-alive 25 s later.
    expect(await onB.waitForEnd(EVENT_WAIT_MS)).toBe(true);
  });
  it.todo('finishes, on B and exactly once, a job started on A when A is killed');
});

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

/** What the suite cannot reach, in words; empty when PostgreSQL and Redis both answer. */
async function missingServices(): Promise<string[]> {
  const missing: string[] = [];
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    missing.push(`no PostgreSQL at ${POSTGRES_URL} (${error instanceof Error ? error.message : error})`);
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, {
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
    missing.push(`no Redis at ${REDIS_URL} (${error instanceof Error ? error.message : error})`);
  } finally {
    redis.disconnect();
  }
  return missing;
}
