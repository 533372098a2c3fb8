import type { Context } from 'hono';
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
    // The headers Hono's SSE helper sets; nginx buffers proxied responses by default, which would hold events
    // back until a buffer fills.
    c.header('Transfer-Encoding', 'chunked');
    c.header('Content-Type', 'text/event-stream');
    c.header('Cache-Control', 'no-cache');
    c.header('Connection', 'keep-alive');
    c.header('X-Accel-Buffering', 'no');
    const body = eventStream({
      userId,
      events: deps.events,
      keepAliveMs,
      clientSignal,
      stillSignedIn,
      onEnd: release,
      ...(deps.closing ? { closing: deps.closing } : {}),
    });
    return c.newResponse(body);
  });
}

const encoder = new TextEncoder();

/**
 * A delivery's frame without its per-connection `id:` line, made once per delivery however many streams take it
 * (the bus hands the same object to every listener): `event:` and one `data:` line, as Hono's `writeSSE` writes
 * it (JSON has no raw line breaks, so its text is always one line).
 */
const framesOf = new WeakMap<Delivery, string>();
function frameOf(delivery: Delivery): string {
  let frame = framesOf.get(delivery);
  if (frame === undefined) {
    frame = `event: ${delivery.event.type}\ndata: ${JSON.stringify(delivery.event.data)}\n`;
    framesOf.set(delivery, frame);
  }
  return frame;
}

/**
 * One connection's body, until the client goes away. A plain ReadableStream the server reads from: each frame is
 * enqueued as it is published (synchronously, so frames never interleave and leave in publish order), with no
 * writer, transform stream or promise chain per frame in between; one event reaches thousands of open streams
 * as thousands of enqueues (decision 0042). The queue holds at most MAX_PENDING_WRITES frames.
 */
function eventStream(options: {
  userId: number;
  events: EventBus;
  keepAliveMs: number;
  clientSignal: AbortSignal;
  stillSignedIn: () => Promise<boolean>;
  closing?: AbortSignal;
  onEnd: () => void;
}): ReadableStream<Uint8Array> {
  let ended = false;
  let nextId = 1;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      // The server cancels the body when the client goes away.
      cancel: () => end(),
    },
    new CountQueuingStrategy({ highWaterMark: MAX_PENDING_WRITES }),
  );
  const write = (frame: string) => {
    if (ended || !controller) return;
    if ((controller.desiredSize ?? 0) <= 0) {
      hangUp();
      return;
    }
    controller.enqueue(encoder.encode(frame));
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
    write(`${frameOf(delivery)}id: ${nextId++}\n\n`);
  });
  const keepAlive = setInterval(() => {
    write(': keep-alive\n\n');
    checkSession();
  }, options.keepAliveMs);
  function end() {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(keepAlive);
    options.clientSignal.removeEventListener('abort', hangUp);
    options.closing?.removeEventListener('abort', hangUp);
    options.onEnd();
  }
  // The stream ends; the answer completes once what is queued has gone out, and the browser reconnects (and
  // refetches). So does the stream of a client that stopped reading (a frozen tab, a stuck proxy): past
  // MAX_PENDING_WRITES frames it takes no more, rather than hold every later event for it.
  function hangUp() {
    if (ended) return;
    end();
    controller?.close();
  }
  // The client went away (the Node adapter aborts the request's signal and cancels the body), or the server is
  // shutting down: every stream ends at once, cleanly.
  if (options.clientSignal.aborted) hangUp();
  else options.clientSignal.addEventListener('abort', hangUp, { once: true });
  if (options.closing?.aborted) hangUp();
  else options.closing?.addEventListener('abort', hangUp, { once: true });
  // Subscribed before `ready` is written, so a client that has read `ready` misses nothing published after it.
  write(`event: ${LIVE_READY_EVENT}\ndata: {}\nretry: ${RECONNECT_MS}\n\n`);
  return body;
}

function isFor(audience: Audience, userId: number): boolean {
  return audience.kind === 'all' || audience.userId === userId;
}
