import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultLimits } from '#server/config.ts';
import { sessions } from '#server/db/schema.ts';
import { createAuthCookies } from '#server/features/auth/auth-cookies.ts';
import { createRequireMember, createSessionCheck } from '#server/features/auth/require-member.ts';
import type { AppEnv } from '#server/lib/http/app-env.ts';
import { createInProcessEventBus, type Delivery } from '#server/lib/infra/event-bus.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { type LiveEventType, liveEventSchemas } from '#shared/events.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createEventRoutes, MAX_PENDING_WRITES, RECONNECT_MS } from './events.routes.ts';

/**
 * `GET /api/events`: the live stream of community activity and of a member's own badges, read frame by frame
 * through the real app (in process, and over a real socket for the disconnect a browser makes). The bus is
 * the app's own (`t.events`): tests publish on it as the community features do.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Frame = { event?: string; data?: string; id?: string; retry?: string; comments: string[] };

/** Reads an event stream one frame (the text up to a blank line) at a time. */
function readFrames(response: Response) {
  const body = response.body;
  if (!body) throw new Error('the response has no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<Frame> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return parseFrame(raw);
        }
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** The next frame that is an event, skipping keep-alive comments. */
    async nextEvent(): Promise<Frame> {
      for (;;) {
        const frame = await this.next();
        if (frame.event) return frame;
      }
    },
    cancel: () => reader.cancel(),
  };
}

function parseFrame(raw: string): Frame {
  const frame: Frame = { comments: [] };
  for (const line of raw.split('\n')) {
    if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
    const match = /^(event|data|id|retry): ?(.*)$/.exec(line);
    if (match?.[1] === 'data')
      frame.data = frame.data === undefined ? match[2] : `${frame.data}\n${match[2]}`;
    else if (match?.[1]) frame[match[1] as 'event' | 'id' | 'retry'] = match[2];
  }
  return frame;
}

/** The frame's data, checked against the shared schema of its event type. */
function dataOf(frame: Frame) {
  const type = frame.event as LiveEventType;
  expect(Object.keys(liveEventSchemas)).toContain(type);
  return liveEventSchemas[type].parse(JSON.parse(frame.data ?? 'null'));
}

const everyone = (postId: number): Delivery => ({
  audience: { kind: 'all' },
  event: { type: 'post.created', data: { postId } },
});
const badgeFor = (userId: number): Delivery => ({
  audience: { kind: 'member', userId },
  event: { type: 'badge.earned', data: { badge_type: 'glow_mentor' } },
});

/** Opens the stream as a member and reads up to `ready`, after which the subscription is live. */
async function connect(cookie: string) {
  const response = await t.request('/api/events', { cookie });
  expect(response.status).toBe(200);
  const frames = readFrames(response);
  const ready = await frames.next();
  expect(ready.event).toBe('ready');
  return { response, frames, ready };
}

async function expectNoListeners() {
  await vi.waitFor(() => expect(t.events.listenerCount()).toBe(0), { timeout: 5_000, interval: 10 });
}

describe('GET /api/events', () => {
  it('refuses a visitor who is not signed in, before subscribing', async () => {
    const response = await t.request('/api/events');
    expect(response.status).toBe(401);
    expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('unauthenticated');
    expect(t.events.listenerCount()).toBe(0);
  });

  it('answers an uncached, unbuffered event stream that starts with `ready`', async () => {
    const { cookie } = await signInMember(t);
    const { response, frames, ready } = await connect(cookie);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    // Hono's helper says no-cache; the app's rule for every /api answer makes it the stricter no-store.
    expect(response.headers.get('cache-control')).toMatch(/no-(cache|store)/);
    expect(ready).toMatchObject({ data: '{}', retry: String(RECONNECT_MS) });
    expect(t.events.listenerCount()).toBe(1);
    await frames.cancel();
    await expectNoListeners();
  });

  it('delivers events for everyone in publish order, each with its type, data and an increasing id', async () => {
    const { cookie } = await signInMember(t);
    const { frames } = await connect(cookie);
    t.events.publish(everyone(7));
    t.events.publish({
      audience: { kind: 'all' },
      event: { type: 'post.liked', data: { postId: 7, likes: 3 } },
    });
    t.events.publish({
      audience: { kind: 'all' },
      event: { type: 'comment.created', data: { postId: 7, commentId: 2, commentsCount: 1 } },
    });

    const received = [await frames.nextEvent(), await frames.nextEvent(), await frames.nextEvent()];
    expect(received.map((f) => f.event)).toEqual(['post.created', 'post.liked', 'comment.created']);
    expect(received.map(dataOf)).toEqual([
      { postId: 7 },
      { postId: 7, likes: 3 },
      { postId: 7, commentId: 2, commentsCount: 1 },
    ]);
    expect(received.map((f) => Number(f.id))).toEqual([1, 2, 3]);
    await frames.cancel();
    await expectNoListeners();
  });

  it("gives a member their own badge events and never another member's", async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const adaStream = (await connect(ada.cookie)).frames;
    const graceStream = (await connect(grace.cookie)).frames;

    t.events.publish(badgeFor(grace.user.id));
    t.events.publish(badgeFor(ada.user.id));
    // A marker everyone hears: had Grace's badge reached Ada it would have arrived before this, in order.
    t.events.publish(everyone(99));

    const adaFirst = await adaStream.nextEvent();
    expect(adaFirst.event).toBe('badge.earned');
    expect(dataOf(adaFirst)).toEqual({ badge_type: 'glow_mentor' });
    expect((await adaStream.nextEvent()).event).toBe('post.created');

    expect((await graceStream.nextEvent()).event).toBe('badge.earned');
    expect(dataOf(await graceStream.nextEvent())).toEqual({ postId: 99 });

    await Promise.all([adaStream.cancel(), graceStream.cancel()]);
    await expectNoListeners();
  });

  it('unsubscribes when a real HTTP client goes away (the tab closes)', async () => {
    const { cookie } = await signInMember(t);
    // Without HTTP/2 options the adaptor builds a plain node:http server.
    const server = createAdaptorServer({ fetch: t.app.fetch }) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const leave = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { cookie },
        signal: leave.signal,
      });
      expect(response.status).toBe(200);
      const frames = readFrames(response);
      expect((await frames.next()).event).toBe('ready');
      t.events.publish(everyone(5));
      expect(dataOf(await frames.nextEvent())).toEqual({ postId: 5 });
      expect(t.events.listenerCount()).toBe(1);

      leave.abort();
      await expectNoListeners();
      // Publishing to nobody is quiet: no write to the closed socket, no error.
      t.events.publish(everyone(6));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('closes the stream of a client that stops reading, rather than hold every event for it', async () => {
    const { cookie } = await signInMember(t);
    const response = await t.request('/api/events', { cookie });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(t.events.listenerCount()).toBe(1), { timeout: 5_000, interval: 10 });
    // Nobody reads the body: the writes back up until the connection gives up on the client. One event per
    // turn of the event loop, as activity arrives, so a reading client would have drained each in time.
    let published = 0;
    while (t.events.listenerCount() > 0 && published < MAX_PENDING_WRITES * 2) {
      t.events.publish(everyone(++published));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(t.events.listenerCount()).toBe(0);
    expect(published).toBeGreaterThanOrEqual(MAX_PENDING_WRITES);
    await response.body?.cancel();
  });
});

describe('keep-alive', () => {
  it('sends a `: keep-alive` comment while nothing happens', async () => {
    const { cookie } = await signInMember(t);
    const bus = createInProcessEventBus();
    // The routes alone, with a short interval, so the test need not wait 25 s.
    const app = new Hono<AppEnv>().route(
      '/',
      createEventRoutes({
        requireMember: createRequireMember({ db: t.db, cookies: createAuthCookies(false), now: t.clock.now }),
        events: bus,
        keepAliveMs: 20,
        limits: defaultLimits().eventStreams,
      }),
    );
    const response = await app.request(new URL('/api/events', t.appUrl).toString(), { headers: { cookie } });
    expect(response.status).toBe(200);
    const frames = readFrames(response);
    expect((await frames.next()).event).toBe('ready');
    expect(await frames.next()).toEqual({ comments: ['keep-alive'] });
    await frames.cancel();
    await vi.waitFor(() => expect(bus.listenerCount()).toBe(0), { timeout: 5_000, interval: 10 });
  });
});

describe('a session that ends', () => {
  it("closes the stream of a session signed out (on any server, through the bus), and no one else's", async () => {
    const leaving = await signInMember(t);
    const staying = await signInMember(t);
    const gone = await connect(leaving.cookie);
    const kept = await connect(staying.cookie);

    const logout = await t.request('/api/logout', { method: 'POST', cookie: leaving.cookie });
    expect(logout.status).toBe(200);

    await expect(gone.frames.next()).rejects.toThrow('the stream ended');
    t.events.publish(everyone(4));
    expect(dataOf(await kept.frames.nextEvent())).toEqual({ postId: 4 });
    await kept.frames.cancel();
    await expectNoListeners();
  });

  it('closes a stream at its next keep-alive once its session has expired', async () => {
    const { cookie, user } = await signInMember(t);
    const bus = createInProcessEventBus();
    const deps = { db: t.db, cookies: createAuthCookies(false), now: t.clock.now };
    const app = new Hono<AppEnv>().route(
      '/',
      createEventRoutes({
        requireMember: createRequireMember(deps),
        sessionCheck: createSessionCheck(deps),
        events: bus,
        keepAliveMs: 20,
        limits: defaultLimits().eventStreams,
      }),
    );
    const response = await app.request(new URL('/api/events', t.appUrl).toString(), { headers: { cookie } });
    const frames = readFrames(response);
    expect((await frames.next()).event).toBe('ready');
    expect(await frames.next()).toEqual({ comments: ['keep-alive'] });

    await t.db.delete(sessions).where(eq(sessions.userId, user.id));

    await expect(
      (async () => {
        for (;;) await frames.next();
      })(),
    ).rejects.toThrow('the stream ended');
    await vi.waitFor(() => expect(bus.listenerCount()).toBe(0), { timeout: 5_000, interval: 10 });
  });
});

describe('shutdown', () => {
  it('ends every open stream when the server starts shutting down, leaving no subscription', async () => {
    const { cookie } = await signInMember(t);
    const bus = createInProcessEventBus();
    const closing = new AbortController();
    const app = new Hono<AppEnv>().route(
      '/',
      createEventRoutes({
        requireMember: createRequireMember({ db: t.db, cookies: createAuthCookies(false), now: t.clock.now }),
        events: bus,
        closing: closing.signal,
        limits: defaultLimits().eventStreams,
      }),
    );
    const response = await app.request(new URL('/api/events', t.appUrl).toString(), { headers: { cookie } });
    const frames = readFrames(response);
    expect((await frames.next()).event).toBe('ready');
    expect(bus.listenerCount()).toBe(1);

    closing.abort();
    // The response completes on its own (no keep-alive for 25 s would come first): the stream has ended.
    await expect(frames.next()).rejects.toThrow('the stream ended');
    expect(bus.listenerCount()).toBe(0);
  });
});

describe('limits', () => {
  it('lets a member hold only their share of streams (429) and the server only its total (503)', async () => {
    const limited = await buildTestApp({ limits: { eventStreams: { perMember: 2, total: 3 } } });
    try {
      const [a, b, c] = [
        await signInMember(limited),
        await signInMember(limited),
        await signInMember(limited),
      ];
      const open = (cookie: string) => limited.request('/api/events', { cookie });
      const first = await open(a.cookie);
      const second = await open(a.cookie);
      expect([first.status, second.status]).toEqual([200, 200]);

      const third = await open(a.cookie);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('30');
      expect(apiErrorBodySchema.parse(await third.json()).error.code).toBe('rate_limited');

      const others = await open(b.cookie);
      expect(others.status).toBe(200);
      const full = await open(c.cookie);
      expect(full.status).toBe(503);
      expect(apiErrorBodySchema.parse(await full.json()).error.code).toBe('server_busy');

      // A closed page gives its slot back.
      const frames = readFrames(first);
      expect((await frames.next()).event).toBe('ready');
      await frames.cancel();
      await vi.waitFor(async () => {
        const again = await open(c.cookie);
        expect(again.status).toBe(200);
        await again.body?.cancel();
      });
      await second.body?.cancel();
      await others.body?.cancel();
    } finally {
      await limited.close();
    }
  });
});
