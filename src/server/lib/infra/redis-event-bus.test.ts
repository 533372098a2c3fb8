import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisForTests, TEST_REDIS_URL } from '#tests/setup/test-redis.ts';
import type { Delivery } from './event-bus.ts';
import { createLogger } from './logger.ts';
import { createRedisEventBus, type RedisEventBus } from './redis-event-bus.ts';

/**
 * The Redis event bus against the machine's real Redis (`REDIS_TEST_URL`). Two buses stand for two servers
 * behind a load balancer. Every test has its own channel and connection names, so parallel runs never hear
 * each other.
 */

const REDIS_URL = TEST_REDIS_URL;
const withRedis = await redisForTests('the Redis event bus');

type LogLine = { level: number; msg: string; [key: string]: unknown };
const WARN = 40;

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

/** Two servers' buses on one fresh channel, subscribed. */
async function twoServers() {
  const { open } = setUp();
  const a = open('a');
  const b = open('b');
  await Promise.all([a.ready(), b.ready()]);
  return { a, b };
}

function setUp() {
  const channel = `lumara-test:events:${randomUUID()}`;
  const run = randomUUID();
  const logs: LogLine[] = [];
  const logger = createLogger('debug', { write: (line: string) => logs.push(JSON.parse(line)) });
  const open = (server: string, url = REDIS_URL): RedisEventBus => {
    const bus = createRedisEventBus({ url, channel, logger, name: connectionName(run, server) });
    opened.push(bus);
    return bus;
  };
  /** A plain client, as another program writing to the channel or an operator killing connections would use. */
  const admin = () => {
    const client = new Redis(REDIS_URL);
    opened.push({ close: async () => void (await client.quit()) });
    return client;
  };
  /** Drops one bus's connection from the server side, as a Redis restart or a network cut would. */
  const kill = async (server: string, role: 'pub' | 'sub') => {
    const client = admin();
    const name = `${connectionName(run, server)}:events-${role}`;
    const clients = String(await client.call('CLIENT', 'LIST'));
    const id = clients
      .split('\n')
      .find((row) => row.includes(` name=${name} `))
      ?.match(/\bid=(\d+)/)?.[1];
    if (!id) throw new Error(`no connection named ${name}`);
    // CLIENT KILL TYPE pubsub would kill every parallel run's subscribers too; this kills just the one.
    expect(await client.call('CLIENT', 'KILL', 'ID', id)).toBe(1);
  };
  return { channel, logs, open, admin, kill };
}

function connectionName(run: string, server: string): string {
  return `test-${server}-${run}`;
}

/** Collects what one listener hears. */
function hear(bus: RedisEventBus) {
  const heard: Delivery[] = [];
  const stop = bus.subscribe((delivery) => heard.push(delivery));
  return { heard, stop };
}

function liked(postId: number, likes = 1): Delivery {
  return { audience: { kind: 'all' }, event: { type: 'post.liked', data: { postId, likes } } };
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Publishes on `from` until `to` hears it: a bus whose subscription is back hears the next publish. */
async function untilHeard(from: RedisEventBus, heard: Delivery[], postId: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!heard.some((d) => d.event.type === 'post.liked' && d.event.data.postId === postId)) {
    if (Date.now() > deadline) throw new Error(`post ${postId} never arrived`);
    from.publish(liked(postId));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!withRedis)('Redis event bus', () => {
  it('delivers each server’s publishes to the other’s subscribers, in publish order', async () => {
    const { a, b } = await twoServers();
    const onA = hear(a);
    const onB = hear(b);

    for (let i = 1; i <= 200; i++) a.publish(liked(i, i));
    for (let i = 1001; i <= 1200; i++) b.publish(liked(i, i));

    await until(() => onA.heard.length === 400 && onB.heard.length === 400, '400 deliveries on each server');
    const ids = (heard: Delivery[], from: number, to: number) =>
      heard.flatMap((d) =>
        d.event.type === 'post.liked' && d.event.data.postId >= from && d.event.data.postId <= to
          ? [d.event.data.postId]
          : [],
      );
    const inOrder = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
    for (const { heard } of [onA, onB]) {
      expect(ids(heard, 1, 200)).toEqual(inOrder(1, 200));
      expect(ids(heard, 1001, 1200)).toEqual(inOrder(1001, 1200));
    }
    expect(onB.heard).toContainEqual(liked(1, 1));
  });

  it('hears its own publishes exactly once', async () => {
    const { a, b } = await twoServers();
    const onA = hear(a);
    const onB = hear(b);

    a.publish(liked(7));
    // Heard locally, at once.
    expect(onA.heard).toEqual([liked(7)]);
    await until(() => onB.heard.length === 1, 'B hearing A’s event');
    // A's echo left Redis with the delivery to B. B's next publish reaches A on the same connection after it,
    // so once A has heard B's, any echo of its own would have arrived too.
    b.publish(liked(8));
    await until(() => onA.heard.length >= 2, 'A hearing B’s event');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onA.heard).toEqual([liked(7), liked(8)]);
    expect(onB.heard).toEqual([liked(7), liked(8)]);
  });

  it('carries a member-audience delivery intact', async () => {
    const { a, b } = await twoServers();
    const onB = hear(b);
    const badge: Delivery = {
      audience: { kind: 'member', userId: 42 },
      event: { type: 'badge.earned', data: { badge_type: 'first_flight' } },
    };
    const comment: Delivery = {
      audience: { kind: 'all' },
      event: { type: 'comment.created', data: { postId: 3, commentId: 9, commentsCount: 2 } },
    };

    a.publish(badge);
    a.publish(comment);

    await until(() => onB.heard.length === 2, 'both deliveries');
    expect(onB.heard).toEqual([badge, comment]);
  });

  it('stops delivering to a listener that unsubscribed, and keeps delivering to the others', async () => {
    const { a, b } = await twoServers();
    const gone = hear(b);
    const stays = hear(b);

    a.publish(liked(1));
    await until(() => gone.heard.length === 1 && stays.heard.length === 1, 'the first event');
    gone.stop();
    a.publish(liked(2));
    await until(() => stays.heard.length === 2, 'the second event');

    expect(gone.heard).toEqual([liked(1)]);
    expect(stays.heard).toEqual([liked(1), liked(2)]);
  });

  it('keeps delivering to the other listeners when one throws', async () => {
    const { a, b } = await twoServers();
    b.subscribe(() => {
      throw new Error('a stream mid-close');
    });
    const onB = hear(b);

    a.publish(liked(1));
    a.publish(liked(2));

    await until(() => onB.heard.length === 2, 'both events');
    expect(onB.heard).toEqual([liked(1), liked(2)]);
  });

  it('drops and logs malformed messages on the channel, and delivers the good ones around them', async () => {
    const { channel, logs, open, admin } = setUp();
    const a = open('a');
    const b = open('b');
    await Promise.all([a.ready(), b.ready()]);
    const onB = hear(b);
    const other = admin();
    const origin = randomUUID();

    await other.publish(channel, 'not json {');
    await other.publish(
      channel,
      JSON.stringify({ origin, audience: { kind: 'everyone' }, event: liked(1).event }),
    );
    await other.publish(
      channel,
      JSON.stringify({ origin, audience: { kind: 'all' }, event: { type: 'post.exploded', data: {} } }),
    );
    await other.publish(
      channel,
      JSON.stringify({
        origin,
        audience: { kind: 'all' },
        event: { type: 'post.liked', data: { postId: 'x' } },
      }),
    );
    a.publish(liked(5));

    await until(() => onB.heard.length === 1, 'the well-formed event');
    expect(onB.heard).toEqual([liked(5)]);
    // Both buses heard the four bad messages, and each logged every one.
    const dropped = logs.filter((line) => line.level === WARN && line.msg.startsWith('live events: dropped'));
    const count = (msg: string) => dropped.filter((line) => line.msg === msg).length;
    expect(dropped).toHaveLength(8);
    expect(count('live events: dropped a message that is not JSON')).toBe(2);
    expect(count('live events: dropped a message of an unknown type')).toBe(2);
    expect(count('live events: dropped a malformed message')).toBe(4);
    expect(dropped.find((line) => line.type === 'post.liked')?.issues).toEqual([
      'postId: Invalid input: expected number, received string',
      'likes: Invalid input: expected number, received undefined',
    ]);
  });

  it('resubscribes by itself when its subscriber connection is killed, and delivers later events', async () => {
    const { logs, open, kill } = setUp();
    const a = open('a');
    const b = open('b');
    await Promise.all([a.ready(), b.ready()]);
    const onB = hear(b);

    a.publish(liked(1));
    await until(() => onB.heard.length === 1, 'the event before the kill');

    await kill('b', 'sub');

    // The first publishes may go out before B is subscribed again (pub/sub keeps no history); B hears one soon.
    await untilHeard(a, onB.heard, 100);
    onB.heard.length = 0;
    for (let i = 1; i <= 50; i++) a.publish(liked(200 + i));
    await until(() => onB.heard.length === 50, 'the events after the reconnect');
    expect(onB.heard.map((d) => (d.event.type === 'post.liked' ? d.event.data.postId : 0))).toEqual(
      Array.from({ length: 50 }, (_, k) => 201 + k),
    );
    expect(logs.some((entry) => entry.msg === 'live events: Redis connection back')).toBe(true);
  });

  it('logs and drops publishes while its publishing connection is down, without throwing, then recovers', async () => {
    const { logs, open, kill } = setUp();
    const a = open('a');
    const b = open('b');
    await Promise.all([a.ready(), b.ready()]);
    const onA = hear(a);
    const onB = hear(b);

    await kill('a', 'pub');

    // Until A notices the connection is gone, a publish may still be written to the dead socket and fail later;
    // either way it is logged, never thrown.
    await until(() => {
      expect(() => a.publish(liked(1))).not.toThrow();
      return logs.some((entry) => entry.level === WARN && entry.msg.startsWith('live events: publishing'));
    }, 'a dropped publish to be logged');
    // A's own streams heard every one of them.
    expect(onA.heard.length).toBeGreaterThan(0);

    await untilHeard(a, onB.heard, 2);
  });

  it('keeps the server running when Redis is unreachable: publishes deliver locally, ping answers false', async () => {
    const { logs, open } = setUp();
    // Nothing listens on port 1.
    const a = open('a', 'redis://127.0.0.1:1');
    const onA = hear(a);

    expect(() => a.publish(liked(1))).not.toThrow();
    expect(onA.heard).toEqual([liked(1)]);
    expect(await a.ping()).toBe(false);
    await until(
      () => logs.some((entry) => entry.msg.startsWith('live events: Redis connection failed')),
      'the connection failure to be logged',
    );
    await until(
      () => logs.some((entry) => entry.msg.startsWith('live events: publishing to Redis failed')),
      'the dropped publish to be logged',
    );
  });

  it('answers ping when Redis is up, and false once closed', async () => {
    const { open } = setUp();
    const a = open('a');
    await a.ready();
    expect(await a.ping()).toBe(true);
    await a.close();
    expect(await a.ping()).toBe(false);
    expect(() => a.publish(liked(1))).not.toThrow();
  });
});
