import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { type LiveEvent, type LiveEventType, liveEventSchemas } from '#shared/events.ts';
import type { Audience, Delivery, EventBus } from './event-bus.ts';
import type { Logger } from './logger.ts';

/**
 * The live-update bus shared by every server behind a load balancer: each delivery is published on
 * one Redis pub/sub channel and every server's bus hears it and hands it to its own open `/api/events` streams.
 *
 * Delivery guarantees, and why:
 * - A server hears its own publishes once, locally and at once, and drops their echo from Redis (each message
 *   carries the publishing bus's `origin`). Its own members' streams then keep working while Redis is down, and
 *   an event reaches the server that caused it without a round trip.
 * - Order is kept per publisher: one publishing connection sends in call order, Redis relays in the order it
 *   receives, and the offline queue is off on that connection, so nothing sent after a reconnect can overtake
 *   what was queued before it.
 * - At most once, like the in-process bus: pub/sub keeps no history, so a server that is not subscribed at the
 *   moment of a publish (Redis down, its connection reconnecting) misses it. Streams do not replay either:
 *   a page refetches when its stream reconnects. (One exception: a publish written just before the publishing
 *   connection drops is sent again on reconnect by ioredis, and reaches the others twice if Redis had in fact
 *   relayed it. Every event names the post or badge it is about, so a repeat makes a page refetch once more.)
 */
export type RedisEventBus = EventBus & {
  /**
   * Resolves once the subscription is in place and the publishing connection is up: from then on this server
   * hears every other server's publishes and its own reach them. Waits as long as Redis is unreachable (the
   * caller bounds the wait if it must); rejects if the bus is closed first.
   */
  ready(): Promise<void>;
  /** For a readiness probe: both connections up and Redis answering within PING_TIMEOUT_MS. Never throws. */
  ping(): Promise<boolean>;
  /** Ends both connections; later publishes are dropped silently (the server is shutting down). */
  close(): Promise<void>;
};

/** A readiness probe must answer quickly; a Redis that holds a PING this long is as good as down. */
export const PING_TIMEOUT_MS = 2_000;
/** While publishes fail, one warning per this interval (with how many were dropped), not one line per event. */
export const DROP_LOG_INTERVAL_MS = 10_000;

const audienceSchema: z.ZodType<Audience> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('member'), userId: z.number().int().positive() }),
]);

/** What travels on the channel. `origin` names the publishing bus so it can skip its own echo. */
const envelopeSchema = z.object({
  origin: z.string().min(1),
  audience: audienceSchema,
  event: z.object({ type: z.string(), data: z.unknown() }),
});
type Envelope = { origin: string; audience: Audience; event: LiveEvent };

export function createRedisEventBus(options: {
  /** `redis://` or `rediss://`, credentials and database included. */
  url: string;
  /** The pub/sub channel every server of one deployment shares ('lumara:events' in production). */
  channel: string;
  logger: Logger;
  /**
   * Put in the connections' names (`CLIENT LIST`), e.g. the host name, so an operator can tell servers apart;
   * tests use it to find and kill one bus's subscriber connection.
   */
  name?: string;
}): RedisEventBus {
  const { channel } = options;
  const logger = options.logger.child({ component: 'redis-event-bus', channel });
  const origin = randomUUID();
  const name = options.name ?? 'lumara';
  const listeners = new Set<(delivery: Delivery) => void>();
  let closed = false;

  const publisher = new Redis(options.url, {
    connectionName: `${name}:events-pub`,
    // Fail a publish at once while the connection is down rather than queue it: a queued event would arrive
    // late, after the page has refetched on reconnect, and a long outage would grow the queue without bound.
    enableOfflineQueue: false,
  });
  const subscriber = new Redis(options.url, {
    connectionName: `${name}:events-sub`,
    // The default, stated because the bus depends on it: after a reconnect ioredis subscribes again by itself,
    // so the listeners (which live here, not on the connection) never notice the outage.
    autoResubscribe: true,
    // The first SUBSCRIBE waits for Redis however long it is down, instead of failing after 20 reconnects and
    // leaving this server deaf for good.
    maxRetriesPerRequest: null,
  });

  watchConnection(publisher, 'publisher');
  watchConnection(subscriber, 'subscriber');

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel || closed) return;
    const envelope = parseEnvelope(message);
    if (!envelope) return;
    // Heard already, locally, when it was published.
    if (envelope.origin === origin) return;
    deliver({ audience: envelope.audience, event: envelope.event });
  });

  const subscribed = subscriber.subscribe(channel).then(() => {
    logger.debug('subscribed');
  });
  // Nobody may be awaiting `ready()`; a rejection (closed before Redis answered) must not crash the process.
  subscribed.catch((error: unknown) => {
    if (!closed) logger.error({ err: error }, 'live events: subscribing failed');
  });
  const publisherUp = new Promise<void>((resolve, reject) => {
    if (publisher.status === 'ready') return resolve();
    const onReady = () => {
      publisher.off('end', onEnd);
      resolve();
    };
    const onEnd = () => {
      publisher.off('ready', onReady);
      reject(new Error('the live-event bus was closed before Redis answered'));
    };
    publisher.once('ready', onReady);
    publisher.once('end', onEnd);
  });
  publisherUp.catch(() => {});
  const ready = Promise.all([subscribed, publisherUp]).then(() => {});
  ready.catch(() => {});

  let dropped = 0;
  let lastDropLog = Number.NEGATIVE_INFINITY;
  let lastDropError = '';
  function noteDropped(error: unknown) {
    dropped += 1;
    lastDropError = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    if (now - lastDropLog < DROP_LOG_INTERVAL_MS) return;
    reportDropped();
    lastDropLog = now;
  }
  function reportDropped() {
    if (dropped === 0) return;
    logger.warn(
      { dropped, error: lastDropError },
      'live events: publishing to Redis failed; other servers missed these events',
    );
    dropped = 0;
  }

  function deliver(delivery: Delivery) {
    for (const listener of listeners) {
      try {
        listener(delivery);
      } catch (error) {
        // One broken subscriber (a connection mid-close) must not stop the others hearing the event.
        logger.debug({ err: error }, 'live events: a listener threw');
      }
    }
  }

  function watchConnection(client: Redis, role: 'publisher' | 'subscriber') {
    let down = false;
    // Without an 'error' listener ioredis prints every failed reconnect attempt to the console. Each attempt
    // fails again while Redis is down, so only the first of an outage is worth an error line.
    client.on('error', (error: Error) => {
      if (closed) return;
      if (down) {
        logger.debug({ err: error, role }, 'live events: Redis still unreachable');
        return;
      }
      down = true;
      logger.error(
        { err: error, role },
        'live events: Redis connection failed; events stay on this server until it is back',
      );
    });
    client.on('close', () => {
      if (closed || down) return;
      down = true;
      logger.warn({ role }, 'live events: Redis connection closed; reconnecting');
    });
    client.on('ready', () => {
      if (role === 'publisher') reportDropped();
      if (!down) return;
      down = false;
      logger.info({ role }, 'live events: Redis connection back');
    });
  }

  return {
    publish(delivery) {
      if (closed) return;
      deliver(delivery);
      let message: string;
      try {
        message = JSON.stringify({
          origin,
          audience: delivery.audience,
          event: delivery.event,
        } satisfies Envelope);
      } catch (error) {
        noteDropped(error);
        return;
      }
      // Not awaited: publishing never waits. While Redis is unreachable the connection refuses at once (no
      // offline queue) and the event is logged and dropped for the other servers; this server has heard it.
      publisher.publish(channel, message).catch(noteDropped);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => ready,
    async ping() {
      if (closed || publisher.status !== 'ready' || subscriber.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      });
      try {
        const answer = await Promise.race([publisher.ping().then((reply) => reply === 'PONG'), timeout]);
        return answer;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      reportDropped();
      listeners.clear();
      await Promise.all([end(publisher), end(subscriber)]);
    },
  };

  function parseEnvelope(message: string): Envelope | null {
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      logger.warn({ bytes: message.length }, 'live events: dropped a message that is not JSON');
      return null;
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      logger.warn({ issues: summarize(envelope.error) }, 'live events: dropped a malformed message');
      return null;
    }
    const { type, data } = envelope.data.event;
    // A server of a newer release may publish a type this one does not know yet: drop it, do not guess.
    if (!Object.hasOwn(liveEventSchemas, type)) {
      logger.warn({ type }, 'live events: dropped a message of an unknown type');
      return null;
    }
    const known = type as LiveEventType;
    const parsed = liveEventSchemas[known].safeParse(data);
    if (!parsed.success) {
      logger.warn({ type, issues: summarize(parsed.error) }, 'live events: dropped a malformed message');
      return null;
    }
    // The data was just checked against the schema of this very type; TypeScript cannot tie the two together.
    const event = { type: known, data: parsed.data } as LiveEvent;
    return { origin: envelope.data.origin, audience: envelope.data.audience, event };
  }
}

/** Paths and messages only: the message itself may be anything written to the channel, so it is not logged. */
function summarize(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/** QUIT when connected, so replies in flight are read; otherwise drop the socket and stop reconnecting. */
async function end(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
