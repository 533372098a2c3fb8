import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { apiRoute, createApiRouter, type RequireMember } from '#server/lib/http/api-route.ts';
import { type AppEnv, memberIdOf } from '#server/lib/http/app-env.ts';
import type { Audience, Delivery, EventBus } from '#server/lib/infra/event-bus.ts';
import { LIVE_READY_EVENT } from '#shared/events.ts';
import { createStreamSlots, type StreamLimits } from './stream-slots.ts';

/** Proxies and load balancers close a connection that stays silent for about a minute; 25 s stays well under. */
export const KEEP_ALIVE_MS = 25_000;
/** How long the browser's EventSource waits before reconnecting after the stream ends (sent once, in `ready`). */
export const RECONNECT_MS = 5_000;
/**
 * Deliveries written to one connection but not yet taken by its client. A client that stops reading (a frozen
 * tab, a stuck proxy) would otherwise make the server hold every later event for it: past this, the stream is
 * closed and the browser reconnects and refetches, which costs less than unbounded memory.
 */
export const MAX_PENDING_WRITES = 256;

/**
 * `GET /api/events` (architecture "Live updates"): a server-sent event stream of what other members do (new
 * posts, likes, comments, edits, deletions) and of the viewer's own badges. The session is checked at connect,
 * again when one of the member's sessions ends on any server (logout), and at each keep-alive (expiry): a stream
 * whose session has ended is closed. Nothing is published here; features publish on the bus.
 *
 * Frames: `event: ready` first (the subscription is live; carries `retry:`), then `event: <type>`,
 * `data: <json>`, `id: <n>` per delivery (`n` counts per connection: events are not replayed on reconnect, so
 * a page refetches what it shows when it reconnects), and a `: keep-alive` comment every 25 s.
 */
export const eventRoutes = {
  stream: apiRoute({
    method: 'get',
    path: '/api/events',
    operationId: 'streamLiveEvents',
    tags: ['Events'],
    summary: 'Live updates: what other members do, and the badges the member earns (server-sent events)',
    responses: {
      200: {
        description:
          'The stream: `event: ready` first, then `event: <type>`, `data: <json>`, `id: <n>` per event, and a `: keep-alive` comment every 25 s',
        content: { 'text/event-stream': { schema: z.string() } },
      },
    },
  }),
};

export function createEventRoutes(deps: {
  requireMember: RequireMember;
  /**
   * Whether the stream's session is still live: checked at each keep-alive and when one of its member's ends
   * (the auth feature's createSessionCheck).
   */
  sessionCheck?: (c: Context<AppEnv>) => () => Promise<boolean>;
  events: EventBus;
  /** Tests shorten it to see a keep-alive without waiting 25 s. */
  keepAliveMs?: number;
  /**
   * Aborted when the server starts shutting down: every stream ends at once (browsers reconnect, to another
   * server behind the balancer), so open pages do not hold the SIGTERM drain for its whole grace period.
   */
  closing?: AbortSignal;
  /** How many streams one member, and all members, may hold open on this server. */
  limits: StreamLimits;
}) {
  const keepAliveMs = deps.keepAliveMs ?? KEEP_ALIVE_MS;
  const slots = createStreamSlots(deps.limits);

  const routes = createApiRouter(deps.requireMember);
  return routes.openapi(eventRoutes.stream, (c) => {
    const userId = memberIdOf(c);
    const release = slots.take(userId);
    const clientSignal = c.req.raw.signal;
    const stillSignedIn = deps.sessionCheck?.(c) ?? (async () => true);
    // nginx buffers proxied responses by default, which would hold events back until a buffer fills.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (sse) => {
      try {
        await serveEvents(sse, {
          userId,
          events: deps.events,
          keepAliveMs,
          clientSignal,
          stillSignedIn,
          ...(deps.closing ? { closing: deps.closing } : {}),
        });
      } finally {
        release();
      }
    });
  });
}

/**
 * Runs one connection until the client goes away. Never throws: Hono's SSE helper would `console.error` a
 * throw, and a closed connection is the normal way for this stream to end, not an error.
 */
async function serveEvents(
  sse: SSEStreamingApi,
  options: {
    userId: number;
    events: EventBus;
    keepAliveMs: number;
    clientSignal: AbortSignal;
    stillSignedIn: () => Promise<boolean>;
    closing?: AbortSignal;
  },
): Promise<void> {
  let ended = false;
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Writes are chained so frames never interleave and always leave in publish order.
  let writing: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let nextId = 1;

  const write = (frame: () => Promise<unknown>) => {
    if (ended) return;
    if (pending >= MAX_PENDING_WRITES) {
      hangUp();
      return;
    }
    pending += 1;
    writing = writing
      .then(frame)
      .catch(hangUp)
      .finally(() => {
        pending -= 1;
      });
  };

  // A session that ended (logout on any server, expiry) closes its stream: checked when the member's session
  // ends somewhere, and at each keep-alive for expiry. A failed check (database down) keeps the stream.
  const checkSession = () => {
    options
      .stillSignedIn()
      .then((live) => {
        if (!live) hangUp();
      })
      .catch(() => {});
  };

  const unsubscribe = options.events.subscribe((delivery: Delivery) => {
    if (!isFor(delivery.audience, options.userId)) return;
    if (delivery.event.type === 'session.ended') {
      checkSession();
      return;
    }
    const id = String(nextId++);
    write(() => sse.writeSSE({ event: delivery.event.type, data: JSON.stringify(delivery.event.data), id }));
  });
  const keepAlive = setInterval(() => {
    write(() => sse.write(': keep-alive\n\n'));
    checkSession();
  }, options.keepAliveMs);

  function end() {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(keepAlive);
    options.clientSignal.removeEventListener('abort', hangUp);
    options.closing?.removeEventListener('abort', end);
    release();
  }
  // Aborting the stream cancels its body, so no write stays stuck behind a client that is gone; it runs `end`.
  function hangUp() {
    sse.abort();
  }

  // Either tells that the client went away: the Node adapter cancels the body and aborts the request's signal.
  sse.onAbort(end);
  if (options.clientSignal.aborted) hangUp();
  else options.clientSignal.addEventListener('abort', hangUp, { once: true });
  // Shutting down: end the stream cleanly (the response completes; the browser reconnects elsewhere).
  if (options.closing?.aborted) end();
  else options.closing?.addEventListener('abort', end, { once: true });

  // Subscribed before `ready` is written, so a client that has read `ready` misses nothing published after it.
  write(() => sse.writeSSE({ event: LIVE_READY_EVENT, data: '{}', retry: RECONNECT_MS }));

  await done;
  // Let a write in flight settle before the helper closes the stream; a write to a cancelled stream does not throw.
  await writing;
}

function isFor(audience: Audience, userId: number): boolean {
  return audience.kind === 'all' || audience.userId === userId;
}
