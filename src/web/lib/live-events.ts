import { LIVE_READY_EVENT, type LiveEvent, type LiveEventType, liveEventSchemas } from '#shared/events.ts';
import { api } from './api-client.ts';

/** The server-sent event stream of the member's live updates (`GET /api/events`). */
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
  /** A `ready` after the first: the stream was down, and what was published meanwhile is not replayed. */
  onReconnect?: () => void;
};

const listeners = new Set<LiveEventListener>();
let source: EventSource | null = null;

function open(): EventSource {
  const stream = new EventSource(LIVE_EVENTS_PATH);
  let connections = 0;
  stream.addEventListener(LIVE_READY_EVENT, () => {
    connections += 1;
    if (connections > 1) for (const listener of [...listeners]) listener.onReconnect?.();
  });
  const onFrame = (message: Event) => {
    if (!(message instanceof MessageEvent) || typeof message.data !== 'string') return;
    const event = parseLiveEvent(message.type, message.data);
    if (event) for (const listener of [...listeners]) listener.onEvent(event);
  };
  for (const type of eventTypes) stream.addEventListener(type, onFrame);
  return stream;
}

/**
 * Listens to the member's live events. Every part of the page that listens shares one `EventSource` (the server
 * allows a member a few streams, and each holds a connection): it opens with the first listener and closes with
 * the last. Reconnecting is the browser's own (EventSource retries by itself). Where EventSource does not exist
 * (old browsers, jsdom) nothing is heard and the page works without live updates. Answers the unsubscribe.
 */
export function subscribeLiveEvents(listener: LiveEventListener): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  listeners.add(listener);
  source ??= open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || !source) return;
    source.close();
    source = null;
  };
}
