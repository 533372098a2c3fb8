import { useEffect, useRef } from 'react';
import { LIVE_READY_EVENT, type LiveEvent, type LiveEventType, liveEventSchemas } from '#shared/events.ts';
import { api } from './api-client.ts';

/** The member's stream of live updates (server-sent events). */
export const LIVE_EVENTS_PATH = api.events.$path();

const eventTypes = Object.keys(liveEventSchemas) as LiveEventType[];

/** Reads one frame into a typed event; anything else (a future event, a broken frame) is ignored. */
export function parseLiveEvent(type: string, data: string): LiveEvent | null {
  if (!Object.hasOwn(liveEventSchemas, type)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveEventSchemas[type as LiveEventType].safeParse(json);
  return parsed.success ? ({ type, data: parsed.data } as LiveEvent) : null;
}

export type LiveEventListener = {
  onEvent: (event: LiveEvent) => void;
  /**
   * The stream came back after a break: nothing published meanwhile is replayed, so what the listener shows is
   * fetched again.
   */
  onReconnect?: () => void;
};

/**
 * One `EventSource` per page, shared by everything that listens (the shell's timer, the community page): a
 * member's open streams count against a per-member limit on the server, and one tab needs only one. It opens
 * with the first listener and closes with the last. Reconnecting is the browser's own (EventSource retries by
 * itself); each connection starts with a `ready` event, and every `ready` after the first means events may have
 * been missed. Where EventSource does not exist (old browsers, jsdom) nothing is heard and pages work without
 * live updates.
 */
const listeners = new Set<LiveEventListener>();
let stream: { source: EventSource; close: () => void } | null = null;

export function listenToLiveEvents(listener: LiveEventListener): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  listeners.add(listener);
  stream ??= openStream();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || stream === null) return;
    stream.close();
    stream = null;
  };
}

function openStream() {
  const source = new EventSource(LIVE_EVENTS_PATH);
  const onMessage = (message: Event) => {
    if (!(message instanceof MessageEvent) || typeof message.data !== 'string') return;
    const event = parseLiveEvent(message.type, message.data);
    if (!event) return;
    for (const listener of [...listeners]) listener.onEvent(event);
  };
  let connections = 0;
  const onReady = () => {
    connections += 1;
    if (connections === 1) return;
    for (const listener of [...listeners]) listener.onReconnect?.();
  };
  source.addEventListener(LIVE_READY_EVENT, onReady);
  for (const type of eventTypes) source.addEventListener(type, onMessage);
  return {
    source,
    close() {
      source.removeEventListener(LIVE_READY_EVENT, onReady);
      for (const type of eventTypes) source.removeEventListener(type, onMessage);
      source.close();
    },
  };
}

/** Listens while the component is mounted; the latest callbacks answer, without reconnecting when they change. */
export function useLiveEvents(listener: LiveEventListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(
    () =>
      listenToLiveEvents({
        onEvent: (event) => latest.current.onEvent(event),
        onReconnect: () => latest.current.onReconnect?.(),
      }),
    [],
  );
}
