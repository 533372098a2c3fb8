/**
 * One server-sent event as `GET /api/events` frames it: its `event:` name, its `data:` parsed as JSON, and when it
 * was read (`performance.now()`, for the bench's delivery latency).
 */
export type StreamEvent = { type: string; data: unknown; receivedAt: number };

export type EventStreamClient = {
  /** Every event read so far, `ready` first, in the order they arrived. */
  events: StreamEvent[];
  /** Resolves with the first event (already read or still to come) that `matches`; rejects after `timeoutMs`. */
  waitFor(matches: (event: StreamEvent) => boolean, timeoutMs: number): Promise<StreamEvent>;
  /** Resolves once the server has ended the stream (or it broke), false after `timeoutMs` while still open. */
  waitForEnd(timeoutMs: number): Promise<boolean>;
  close(): void;
};

/**
 * A `GET /api/events` client over real HTTP, as a browser tab's EventSource would hold it, for suites that drive
 * server processes: it reads the stream as it comes and keeps every event, and resolves once `ready` has been read
 * (the server's subscription is live, so nothing published after this resolves is missed). Throws when the
 * stream is refused.
 */
export async function openEventStream(baseUrl: string, cookie: string): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`GET /api/events answered ${response.status}: ${await response.text()}`);
  }
  const reader = response.body.getReader();
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  // Held in this loop until `close`: undici cancels the body of a response nobody reads, which would end the
  // stream behind the test's back.
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        let boundary = text.indexOf('\n\n');
        while (boundary >= 0) {
          const event = parseFrame(text.slice(0, boundary));
          text = text.slice(boundary + 2);
          if (event) events.push({ ...event, receivedAt: performance.now() });
          boundary = text.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // Aborted by `close`, or the connection broke: either way the stream has ended.
    } finally {
      ended = true;
      notify();
    }
  })();

  const until = <T>(check: () => T | undefined, timeoutMs: number, onTimeout: () => T | Error) =>
    new Promise<T>((resolve, reject) => {
      const settle = () => {
        const found = check();
        if (found === undefined) return false;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(found);
        return true;
      };
      const waiter = () => void settle();
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const answer = onTimeout();
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      }, timeoutMs);
      waiters.add(waiter);
      settle();
    });

  const client: EventStreamClient = {
    events,
    waitFor: (matches, timeoutMs) =>
      until(
        () => events.find(matches),
        timeoutMs,
        () =>
          new Error(
            `no matching event within ${timeoutMs} ms; the stream had: ${JSON.stringify(events)}${ended ? ' (and has ended)' : ''}`,
          ),
      ),
    waitForEnd: (timeoutMs) =>
      until(
        () => (ended ? true : undefined),
        timeoutMs,
        () => false,
      ),
    close() {
      void reader.cancel().catch(() => {});
      controller.abort();
    },
  };
  await client.waitFor((event) => event.type === 'ready', 5_000);
  return client;
}

/** One frame's `event:` and `data:` lines; null for a comment-only frame (the keep-alive). */
function parseFrame(frame: string): Omit<StreamEvent, 'receivedAt'> | null {
  let type = 'message';
  const data: string[] = [];
  let sawField = false;
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    sawField = true;
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  if (!sawField) return null;
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as the text it is.
  }
  return { type, data: parsed };
}
