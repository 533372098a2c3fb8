import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '#shared/events.ts';
import { FakeEventSource } from '#tests/web-kit/community/fake-event-source.ts';
import { subscribeLiveEvents } from './live-events.ts';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('subscribeLiveEvents', () => {
  it('shares one stream between listeners, and closes it when the last one leaves', () => {
    const heardA: LiveEvent[] = [];
    const heardB: LiveEvent[] = [];
    const leaveA = subscribeLiveEvents({ onEvent: (event) => heardA.push(event) });
    const leaveB = subscribeLiveEvents({ onEvent: (event) => heardB.push(event) });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]?.url).toBe('/api/events');

    FakeEventSource.current()?.emit('notification.created', { id: 4, unread: 2 });
    expect(heardA).toEqual([{ type: 'notification.created', data: { id: 4, unread: 2 } }]);
    expect(heardB).toEqual(heardA);

    leaveA();
    expect(FakeEventSource.instances[0]?.readyState).toBe(FakeEventSource.OPEN);
    leaveB();
    expect(FakeEventSource.instances[0]?.readyState).toBe(FakeEventSource.CLOSED);

    // A listener after that opens a new stream.
    const leaveC = subscribeLiveEvents({ onEvent: () => {} });
    expect(FakeEventSource.instances).toHaveLength(2);
    leaveC();
  });

  it('tells listeners about a reconnect (a second ready), not about the first connection', () => {
    const onReconnect = vi.fn();
    const leave = subscribeLiveEvents({ onEvent: () => {}, onReconnect });
    const source = FakeEventSource.current();
    source?.emit('ready', {});
    expect(onReconnect).not.toHaveBeenCalled();
    source?.emit('ready', {});
    expect(onReconnect).toHaveBeenCalledTimes(1);
    leave();
  });

  it('ignores frames it cannot read and events it does not know', () => {
    const onEvent = vi.fn();
    const leave = subscribeLiveEvents({ onEvent });
    const source = FakeEventSource.current();
    source?.emit('notification.created', 'not json');
    source?.emit('notification.created', { id: 'x' });
    source?.emit('something.else', {});
    expect(onEvent).not.toHaveBeenCalled();
    leave();
  });
});
