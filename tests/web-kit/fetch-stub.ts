import { vi } from 'vitest';

export type StubbedRequest = {
  method: string;
  path: string;
  headers: Headers;
  body: string | undefined;
  /** The request's abort signal, for stubs that stream an answer and must stop when the page aborts. */
  signal?: AbortSignal;
};
export type StubbedRoute = (request: StubbedRequest) => Response | undefined | Promise<Response | undefined>;

/**
 * Replaces `fetch` for one test (restored by the loud setup's restoreAllMocks). `route` answers each request
 * or returns undefined, which fails the test as an unexpected request: no test reaches the network.
 */
export function stubFetch(route: StubbedRoute) {
  const requests: StubbedRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const request: StubbedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    const response = await route(request);
    if (!response) {
      console.error(`Unexpected request in test: ${request.method} ${request.path}`);
      return jsonResponse({ error: { code: 'not_found', message: 'Not stubbed' } }, 404);
    }
    return response;
  });
  return {
    requests,
    /** The requests made to `path` (query string included), optionally of one method. */
    requestsTo(path: string, method?: string): StubbedRequest[] {
      return requests.filter((request) => request.path === path && (!method || request.method === method));
    },
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, code: string, message = 'Something went wrong'): Response {
  return jsonResponse({ error: { code, message } }, status);
}

/** A promise the test settles by hand, to look at the app while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
