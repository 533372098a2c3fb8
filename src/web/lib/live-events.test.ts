import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '#shared/events.ts';
import { FakeEventSource } from '#tests/web-kit/community/fake-event-source.ts';
import { listenToLiveEvents, parseLiveEvent } from './live-events.ts';

describe('live events', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads known events and refuses broken or unknown ones', () => {
    expect(parseLiveEvent('post.liked', '{"postId":3,"likes":4}')).toEqual({
      type: 'post.liked',
      data: { postId: 3, likes: 4 },
    });
    expect(parseLiveEvent('post.liked', '{"postId":3}')).toBeNull();
    expect(parseLiveEvent('post.liked', 'nope')).toBeNull();
    expect(parseLiveEvent('toString', '{}')).toBeNull();
    expect(parseLiveEvent('timer.completed', '{}')).toBeNull();
  });

  it('shares one stream among every listener of the page, and closes it with the last', () => {
    const heardByA: LiveEvent[] = [];
    const heardByB: LiveEvent[] = [];
    const stopA = listenToLiveEvents({ onEvent: (event) => heardByA.push(event) });
    const stopB = listenToLiveEvents({ onEvent: (event) => heardByB.push(event) });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]?.url).toBe('/api/events');

    FakeEventSource.current()?.emit('post.liked', { postId: 1, likes: 2 });
    FakeEventSource.current()?.emit('post.liked', 'broken');
    expect(heardByA).toEqual([{ type: 'post.liked', data: { postId: 1, likes: 2 } }]);
    expect(heardByB).toEqual(heardByA);

    stopA();
    expect(FakeEventSource.instances[0]?.readyState).toBe(FakeEventSource.OPEN);
    stopB();
    expect(FakeEventSource.instances[0]?.readyState).toBe(FakeEventSource.CLOSED);

    // A later listener opens a new one.
    const stopC = listenToLiveEvents({ onEvent: () => {} });
    expect(FakeEventSource.instances).toHaveLength(2);
    stopC();
  });

  it('tells every listener when the stream comes back after a break, not when it first opens', () => {
    const reconnects = vi.fn();
    const stop = listenToLiveEvents({ onEvent: () => {}, onReconnect: reconnects });
    FakeEventSource.current()?.emit('ready', {});
    expect(reconnects).not.toHaveBeenCalled();
    FakeEventSource.current()?.emit('ready', {});
    expect(reconnects).toHaveBeenCalledTimes(1);
    stop();
  });
});
