/**
 * Live event delivery across servers: two Lumara processes on one PostgreSQL database and one Redis, as
 * behind a load balancer. 50 members hold an open `/api/events` stream each; one member likes and unlikes a post
 * through server A, one round at a time, and every stream must read the `post.liked` event before the next round.
 * The figure is the time from sending the like to A until a stream has read the event: with the 50 streams on A
 * (one server: A's own events are delivered in process) and then on B (the event crosses Redis). Both include A's
 * request (session check, the like's transaction); their difference is what the hop through Redis costs.
 * Needs the machine's PostgreSQL (TEST_DATABASE_URL, an admin URL) and Redis (REDIS_TEST_URL); says so without them.
 */
import { type EventStreamClient, openEventStream } from '../tests/setup/event-stream-client.ts';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { missingScaleOutServices, serverPairKit } from '../tests/setup/server-pair.ts';
import type { ServerProcess } from '../tests/setup/server-process.ts';
import { percentile } from './percentile.ts';

const STREAMS = 50;
const ROUNDS = Number(process.env.BENCH_EVENT_ROUNDS ?? 200);
const WARMUP_ROUNDS = 20;
const APP_URL = 'http://lumara.test';
const EVENT_WAIT_MS = 10_000;

type Latencies = { p50: number; p99: number; max: number; samples: number };

export async function measureEventLatency(): Promise<string[]> {
  const missing = await missingScaleOutServices();
  if (missing.length > 0) return [`Live events across two servers: skipped, ${missing.join('; ')}`];

  const kit = serverPairKit({ appUrl: APP_URL });
  try {
    const { a, b } = await kit.startPair(await kit.freshDatabase());
    const signIn = (n: number) =>
      signInOverHttp(
        a.url,
        { name: `Watcher ${n}`, email: `watcher-${n}@example.test` },
        { origin: APP_URL },
      );
    const liker = await signIn(0);
    const watchers = await Promise.all(Array.from({ length: STREAMS }, (_, n) => signIn(n + 1)));
    const postId = await createPost(a, liker);

    const oneServer = await deliveryLatency(a, a, liker, watchers, postId);
    const twoServers = await deliveryLatency(a, b, liker, watchers, postId);
    const line = (what: string, f: Latencies) =>
      `| ${what.padEnd(44)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.max)} | ${String(f.samples).padStart(7)} |`;
    return [
      `Live event delivery: like sent to A → post.liked read on each of ${STREAMS} open streams, ${ROUNDS} rounds (PostgreSQL + Redis)`,
      '| streams on                                   |  p50 ms |  p99 ms |  max ms | samples |',
      '|----------------------------------------------|---------|---------|---------|---------|',
      line('A (one server, delivered in process)', oneServer),
      line('B (two servers, through Redis pub/sub)', twoServers),
      `the hop through Redis adds p50 ${(twoServers.p50 - oneServer.p50).toFixed(1)} ms, p99 ${(twoServers.p99 - oneServer.p99).toFixed(1)} ms`,
    ];
  } finally {
    await kit.stopAll();
  }
}

async function createPost(server: ServerProcess, cookie: string): Promise<number> {
  const answer = await fetch(`${server.url}/api/community/posts`, {
    method: 'POST',
    headers: { cookie, origin: APP_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Liked over and over' }),
  });
  if (answer.status !== 201)
    throw new Error(`creating the post failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { id: number }).id;
}

/** Opens a stream per watcher on `watchedOn`, toggles the like through `publishedOn` round after round. */
async function deliveryLatency(
  publishedOn: ServerProcess,
  watchedOn: ServerProcess,
  liker: string,
  watchers: string[],
  postId: number,
): Promise<Latencies> {
  const streams: EventStreamClient[] = [];
  try {
    for (const watcher of watchers) streams.push(await openEventStream(watchedOn.url, watcher));
    const latencies: number[] = [];
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const sentAt = performance.now();
      const answer = await fetch(`${publishedOn.url}/api/community/posts/${postId}/like`, {
        method: 'PUT',
        headers: { cookie: liker, origin: APP_URL },
      });
      if (answer.status !== 200) throw new Error(`the like failed: ${answer.status} ${await answer.text()}`);
      // Every earlier round's event was read before this one was sent, so the first one read after it is its own.
      const read = await Promise.all(
        streams.map((stream) =>
          stream.waitFor((event) => event.type === 'post.liked' && event.receivedAt >= sentAt, EVENT_WAIT_MS),
        ),
      );
      if (round >= WARMUP_ROUNDS) for (const event of read) latencies.push(event.receivedAt - sentAt);
    }
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      samples: latencies.length,
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}

const ms = (n: number) => n.toFixed(1).padStart(7);
