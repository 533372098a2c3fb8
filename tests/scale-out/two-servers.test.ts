import { chromium } from '@playwright/test';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MARGIN_MS } from '#server/features/generation/job-claim.ts';
import { COMMUNITY_LIMITS, communityCommentSchema, communityPostSchema } from '#shared/community.ts';
import {
  type GenerationAnswer,
  generationAnswerSchema,
  generationJobsResponseSchema,
} from '#shared/generation.ts';
import { mediaItemSchema } from '#shared/media.ts';
import { taskListSchema } from '#shared/tasks.ts';
import { type FileHost, SAMPLE_FILES, startFileHost } from '#tests/factories/media-test-files.ts';
import { FAKE_FAL_KEY, type FakeFalServer, startFakeFalServer } from '#tests/fakes/fal-server.ts';
import { type FalGate, startFalGate } from '#tests/scale-out/fal-gate.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/setup/chromium.ts';
import { cookiesOf } from '#tests/setup/cookies.ts';
import {
  type EventStreamClient,
  openEventStream,
  type StreamEvent,
} from '#tests/setup/event-stream-client.ts';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { type S3TestServer, startS3TestServer } from '#tests/setup/s3-test-server.ts';
import { missingScaleOutServices, serverPairKit } from '#tests/setup/server-pair.ts';
import type { ServerProcess } from '#tests/setup/server-process.ts';

/*
 * Two real Lumara processes, A and B, behind one origin (one APP_URL), sharing one
 * fresh PostgreSQL database, one Redis and one S3-compatible bucket (s3rver), as an operator runs them behind a
 * load balancer. Each case acts through A and looks through B, so each would fail on a build where live events,
 * limits or media stay inside one process. The job case kills its A with SIGKILL mid-step and has its B finish
 * the job after the lease, on a pair and database of its own (the fake fal queue behind a gate that can hold
 * status polls, fal-gate.ts). Runs on the machine's PostgreSQL (TEST_DATABASE_URL, an admin URL) and Redis
 * (REDIS_TEST_URL); `npm run test:scale-out` runs it alone, `npm test` after the server tests.
 */

/** The one public origin both servers answer for; requests go to each server's own port. */
const APP_URL = 'http://lumara.test';
/** "Within a second" is the bus's promise; a loaded CI machine gets a few. */
const EVENT_WAIT_MS = 5_000;

/**
 * Whether the machine offers what the suite needs. On a developer's machine without PostgreSQL or Redis the
 * suite says so and is skipped (the embedded default needs neither); in CI (`CI` set) it runs and fails loudly.
 */
const missing = await missingScaleOutServices();
if (missing.length > 0) {
  const message = `two-server suite: ${missing.join('; ')}`;
  if (process.env.CI) throw new Error(message);
  console.warn(`${message}. Skipped (set TEST_DATABASE_URL and REDIS_TEST_URL to run it).`);
}

describe.skipIf(missing.length > 0)('two Lumara servers on one PostgreSQL, Redis and bucket', () => {
  const streams: EventStreamClient[] = [];
  let s3: S3TestServer | undefined;
  let fileHost: FileHost | undefined;
  let fal: FakeFalServer | undefined;
  let falGate: FalGate | undefined;
  // The file host and the fal gate play a provider's CDN on loopback (a gallery save of a generated output goes
  // through it).
  const kit = serverPairKit({
    appUrl: APP_URL,
    s3: () => s3,
    outboundPorts: () => [fileHost?.port, falGate?.port],
  });
  // Set once started.
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    [s3, fileHost, fal] = await Promise.all([
      startS3TestServer({ bucket: 'lumara-scale-out' }),
      startFileHost({ host: '127.0.0.1' }),
      startFakeFalServer({ host: '127.0.0.1' }),
    ]);
    falGate = await startFalGate(fal);
    ({ a, b } = await kit.startPair(await kit.freshDatabase()));
  }, 60_000);

  afterAll(async () => {
    // Each part is stopped even when another's stop fails, so vitest exits and nothing is left running.
    const stops: (() => Promise<unknown>)[] = [
      async () => {
        for (const stream of streams) stream.close();
      },
      () => kit.stopAll(),
      async () => s3?.stop(),
      async () => fileHost?.close(),
      async () => falGate?.close(),
      async () => fal?.close(),
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
    // The comment and the badge also reach the author's notification centre (notification.created), on its own
    // schedule: not part of this order.
    const seen = authorOnB.events
      .map((event) => event.type)
      .filter((type) => type !== 'ready' && type !== 'notification.created');
    expect([...seen].sort()).toEqual(['badge.earned', 'comment.created', 'post.created', 'post.liked']);
    expect(seen.filter((type) => type.startsWith('post.') || type.startsWith('comment.'))).toEqual([
      'post.created',
      'post.liked',
      'comment.created',
    ]);
    expect(readerOnB.events.some((event) => event.type === 'badge.earned')).toBe(false);
  });

  it('shows a post and a like made through A on a Chromium page served by B, without a reload', async () => {
    const author = await signIn(a, 'Penwright');
    const reader = await signIn(b, 'Onlooker');
    // The browser knows one origin, APP_URL, which resolves to B alone: all it loads, its API calls and its live
    // stream included, comes from B.
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${new URL(APP_URL).hostname} 127.0.0.1:${b.port}`],
    });
    try {
      const context = await browser.newContext();
      await context.addCookies(cookiesOf(reader, APP_URL));
      const page = await context.newPage();
      const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
      await page.goto(`${APP_URL}/community`);
      expect((await live).status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
      await page.getByText('Loading posts').waitFor({ state: 'detached' });

      const title = `Written on A at ${Date.now()}`;
      const created = await send(a, author, 'POST', '/api/community/posts', { title });
      expect(created.status, await created.clone().text()).toBe(201);
      const post = page.getByRole('article', { name: title });
      await post.waitFor({ timeout: EVENT_WAIT_MS });

      const { id } = communityPostSchema.parse(await created.json());
      expect((await send(a, author, 'PUT', `/api/community/posts/${id}/like`)).status).toBe(200);
      await post.getByRole('button', { name: 'Like 1' }).waitFor({ timeout: EVENT_WAIT_MS });
    } finally {
      await browser.close();
    }
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

  it("revalidates a member's task list on either server: 304 while unchanged, the new list after a change on the other", async () => {
    const member = await signIn(a, 'Planner');
    expect((await send(a, member, 'POST', '/api/tasks', { title: 'Planned on A' })).status).toBe(201);
    const listOn = (server: ServerProcess, etag: string) =>
      fetch(`${server.url}/api/tasks`, { headers: { cookie: member, 'if-none-match': etag } });
    const first = await send(a, member, 'GET', '/api/tasks');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await listOn(b, etag)).status).toBe(304);

    expect((await send(b, member, 'POST', '/api/tasks', { title: 'Planned on B' })).status).toBe(201);
    const changed = await listOn(a, etag);
    expect(changed.status).toBe(200);
    const titles = taskListSchema.parse(await changed.json()).map((task) => task.title);
    expect(titles).toEqual(['Planned on B', 'Planned on A']);
    expect((await listOn(b, changed.headers.get('etag') ?? '')).status).toBe(304);
  });

  it('refuses the cookie on B at once after logout on A', async () => {
    const member = await signIn(a, 'Leaver');
    expect((await send(b, member, 'GET', '/api/users/me')).status).toBe(200);
    const logout = await send(a, member, 'POST', '/api/logout');
    expect(logout.status).toBe(200);
    expect((await send(b, member, 'GET', '/api/users/me')).status).toBe(401);
  });

  it('refuses the cookie on B at once after the account is deleted on A', async () => {
    const member = await signIn(a, 'Departing');
    expect((await send(b, member, 'POST', '/api/tasks', { title: 'Left behind' })).status).toBe(201);
    const deleted = await send(a, member, 'DELETE', '/api/account', {
      email: 'departing@example.test',
      community: 'delete',
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect((await send(b, member, 'GET', '/api/users/me')).status).toBe(401);
    expect((await send(b, member, 'GET', '/api/account/export')).status).toBe(401);
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

  describe('a generation job whose server is killed', () => {
    // A pair of its own on a database of its own: its A is killed, and no server but its B sweeps that database,
    // so the server that takes the job over can only be B.
    let pair: { a: ServerProcess; b: ServerProcess };
    let databaseUrl = '';
    // A fal claim holds its job for 3 × AI_TIMEOUT_MS + LEASE_MARGIN_MS (decision 0014): at 4 s, 27 s, so B can
    // take A's job over within the test (no test-only knob needed). A is killed within milliseconds of the poll it
    // holds the lease for; 4 s rather than the 1 s minimum leaves a busy CI machine time to do it before A's held
    // call would time out.
    const KILLED_AI_TIMEOUT_MS = 4_000;
    const KILLED_LEASE_MS = 3 * KILLED_AI_TIMEOUT_MS + LEASE_MARGIN_MS;

    beforeAll(async () => {
      databaseUrl = await kit.freshDatabase();
      const falEnv = {
        FAL_KEY: FAKE_FAL_KEY,
        FAL_QUEUE_URL: falGate?.origin ?? '',
        FAL_BASE_URL: falGate?.origin ?? '',
      };
      pair = await kit.startPair(databaseUrl, {
        a: { ...falEnv, AI_TIMEOUT_MS: String(KILLED_AI_TIMEOUT_MS) },
        b: falEnv,
      });
    }, 60_000);

    it('is finished by B after its lease runs out, submitted to fal once and its result fetched once', async () => {
      if (!fal || !falGate) throw new Error('the fake fal queue did not start');
      const gate = falGate;
      // Done at its first status poll that reaches the fake: what B waits for is the lease, not fal.
      fal.setStatusSteps({ queued: 0, inProgress: 0 });
      gate.holdStatusPolls();
      const member = await signIn(pair.a, 'Dreamer');
      // Not awaited yet: A dies before it answers (a start waits up to 2 s for its job), so no answer is due.
      const start = send(pair.a, member, 'POST', '/api/fal/image', {
        model: 'fal-ai/flux/schnell',
        prompt: 'finished on another server',
      }).then(
        (answer) => answer.status,
        () => 'no answer',
      );

      // A has submitted, kept fal's request URLs in the job, and polls its status: mid-step, holding the lease.
      await gate.heldPoll();
      await pair.a.stop('SIGKILL');
      expect(pair.a.child.signalCode).toBe('SIGKILL');
      await start;
      gate.passStatusPolls();

      const listed = await send(pair.b, member, 'GET', '/api/ai/jobs');
      expect(listed.status).toBe(200);
      const left = generationJobsResponseSchema.parse(await listed.json()).jobs;
      expect(left.map((job) => job.status)).toEqual(['pending']);
      const jobId = left[0]?.jobId ?? '';

      const finished = await jobOutcome(pair.b, member, jobId, 55_000);
      expect(finished, finished.error).toMatchObject({ status: 'ready', provider: 'fal' });
      const row = await jobRow(databaseUrl, jobId);
      // One output, recorded once, by a server that took over a lease that had run out (A's), not before.
      expect(row).toMatchObject({ status: 'ready', recoveries: 1, locked_by: null, outputs: 1 });
      expect(row.waited_ms).toBeGreaterThanOrEqual(KILLED_LEASE_MS);
      expect(finished.urls).toEqual([`${gate.origin}/files/${row.request_id}/image.png`]);
      // The same fal request resumed from its stored URLs: one submit, one result; A's poll is the one held.
      expect(fal.submitRequests()).toHaveLength(1);
      expect(fal.resultRequests()).toHaveLength(1);
      expect(fal.cancelRequests()).toHaveLength(0);
      expect(gate.heldPolls()).toBe(1);
      expect(fal.statusRequests()).toHaveLength(1);

      // The member saves it through B, once: a copy in the shared bucket, and the job is no longer offered.
      const saved = await send(pair.b, member, 'POST', '/api/media', {
        media_type: 'image',
        media_url: finished.urls[0],
        title: 'Made while a server died',
      });
      expect(saved.status, await saved.clone().text()).toBe(201);
      const item = mediaItemSchema.parse(await saved.json());
      const file = await fetch(`${pair.b.url}${new URL(item.media_url, APP_URL).pathname}`, {
        headers: { cookie: member },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      const remaining = await send(pair.b, member, 'GET', '/api/ai/jobs');
      expect(generationJobsResponseSchema.parse(await remaining.json()).jobs).toEqual([]);
    }, 75_000);
  });
});

/** Polls the job's status on `server` until it is no longer pending; throws after `timeoutMs`. */
async function jobOutcome(
  server: ServerProcess,
  cookie: string,
  jobId: string,
  timeoutMs: number,
): Promise<GenerationAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${server.url}/api/ai/image/status?jobId=${encodeURIComponent(jobId)}`, {
      headers: { cookie },
    });
    if (answer.status !== 200) throw new Error(`status answered ${answer.status}: ${await answer.text()}`);
    const job = generationAnswerSchema.parse(await answer.json());
    if (job.status !== 'pending') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What the API does not tell: who holds the job, how often it was taken over, and when it finished. */
async function jobRow(databaseUrl: string, jobId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      status: string;
      recoveries: number;
      locked_by: string | null;
      outputs: number;
      request_id: string | null;
      waited_ms: number;
    }>(
      `SELECT status, recoveries, locked_by, jsonb_array_length(outputs) AS outputs,
              provider_state->>'requestId' AS request_id,
              (extract(epoch from finished_at - created_at) * 1000)::float8 AS waited_ms
         FROM generation_jobs WHERE id = $1`,
      [jobId],
    );
    const [row] = rows;
    if (!row) throw new Error(`no job ${jobId}`);
    return row;
  } finally {
    await client.end();
  }
}
