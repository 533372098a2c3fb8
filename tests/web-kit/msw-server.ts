import { http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one network of the web tests. tests/setup/web-test-env.ts starts it before a file's tests, drops the
 * handlers a test added after each test and closes it at the end; a request no handler answers fails the test
 * (`onUnhandledFrame: 'error'`, MSW 3's name for v2's `onUnhandledRequest`). Tests and the feature handler
 * modules beside this file add handlers with `server.use(...)`; the last added answers first.
 */
export const server = setupServer();

/** A request as the page sent it, for tests that check what was sent. */
export type SentRequest = {
  method: string;
  /** Path and query string, e.g. `/api/media?type=audio`. */
  path: string;
  headers: Headers;
  /** The body as text, or undefined when the request carried none (an empty body is none on the wire). */
  body: string | undefined;
};

/** Every request of the current test, in the order they were sent. */
let sent: SentRequest[] = [];

/**
 * Writes each request down, body included, before any handler answers it: a handler whose predicate reads the
 * request and never matches. Reading it in MSW's `request:start` event instead would race the answer (the
 * body can arrive after a handler has already answered), and a test could look before it was written down.
 */
const recorder = http.all(
  async ({ request }) => {
    const url = new URL(request.url);
    const body = request.body === null ? '' : await request.clone().text();
    sent.push({
      method: request.method,
      path: url.pathname + url.search,
      headers: new Headers(request.headers),
      body: body === '' ? undefined : body,
    });
    return false;
  },
  // Never called: the predicate above matches nothing.
  () => undefined,
);

// The recorder must stay the first handler. `use` puts the handlers it gets in front, and one it gets again
// moves to the front rather than being added twice: so every `use` is followed by one of the recorder.
const use = server.use;
server.use = (...handlers) => {
  use(...handlers);
  use(recorder);
};

/** Requests a handler is still working on (e.g. one held back by a test's deferred answer). */
let answering = 0;
server.events.on('request:start', () => {
  answering += 1;
});
server.events.on('request:end', () => {
  answering -= 1;
});

/** Taken before any test can fake the timers, so the waits below are real ones. */
const realSetTimeout = globalThis.setTimeout;
const pause = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

export function startServer(): void {
  use(recorder);
  server.listen({ onUnhandledFrame: 'error' });
}

/** After each test: its handlers and its requests go. */
export function resetServer(): void {
  server.resetHandlers();
  use(recorder);
  sent = [];
}

/**
 * After a file's last test. An answer a test let go at its very end (a deferred it resolved) may still be on its
 * way to the page, and closing the network would cut it off, failing the request after the test: let answers
 * being given land first (a held one is not waited for past half a second).
 */
export async function stopServer(): Promise<void> {
  const deadline = performance.now() + 500;
  while (answering > 0 && performance.now() < deadline) await pause(5);
  await pause(5);
  server.close();
}

export function sentRequests(): SentRequest[] {
  return [...sent];
}

/** The requests sent to `path` (query string included), optionally of one method. */
export function requestsTo(path: string, method?: string): SentRequest[] {
  return sent.filter((request) => request.path === path && (!method || request.method === method));
}

/** The JSON bodies sent by `method` to `path`, parsed. */
export function bodiesTo<T = Record<string, unknown>>(path: string, method = 'POST'): T[] {
  return requestsTo(path, method).map((request) => JSON.parse(request.body ?? 'null') as T);
}

/**
 * The next request of `method` whose path (query string included) matches `path` gets `answer` instead of what
 * the handlers would say; the requests after it get their usual answer (MSW's `once`).
 */
export function answerNextOnce(method: string, path: RegExp, answer: () => Response): void {
  server.use(
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        return request.method === method && path.test(url.pathname + url.search);
      },
      () => answer(),
      { once: true },
    ),
  );
}
