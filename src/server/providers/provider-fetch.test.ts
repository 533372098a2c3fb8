import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { failureOf } from '#tests/setup/failure-of.ts';
import { providerFetch, readErrorMessage } from './provider-fetch.ts';

/**
 * The hand-rolled provider fetch (Straico, OpenAlex, the live model lists) against a local server answering a
 * script: what is retried and what is not, the one deadline over all attempts, and the caller's own abort.
 */

type Step = (response: http.ServerResponse) => void;
const script: Step[] = [];
const seen: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
const hanging = new Set<http.ServerResponse>();
let server: TestServer;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Step =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
const hang: Step = (response) => {
  hanging.add(response);
};

beforeAll(async () => {
  server = await startTestServer(
    (request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (piece: string) => {
        body += piece;
      });
      request.on('end', () => {
        seen.push({ method: request.method ?? '', url: request.url ?? '', body, headers: request.headers });
        (script.shift() ?? json(200, { ok: true }))(response);
      });
    },
    { host: '127.0.0.1' },
  );
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await server.close();
});
beforeEach(() => {
  script.length = 0;
  seen.length = 0;
});

const url = () => `${server.origin}/v0/thing`;
const options = (overrides: { timeoutMs?: number; maxRetries?: number; signal?: AbortSignal } = {}) => ({
  provider: 'straico' as const,
  timeoutMs: overrides.timeoutMs ?? 5_000,
  maxRetries: overrides.maxRetries ?? 1,
  ...(overrides.signal ? { signal: overrides.signal } : {}),
});

describe('providerFetch', () => {
  it('hands back a 2xx response unread, having sent the request as given', async () => {
    script.push(json(201, { success: true }));
    const response = await providerFetch(
      url(),
      {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: '{"a":1}',
      },
      options(),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true });
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: '/v0/thing', body: '{"a":1}' })]);
    expect(seen[0]?.headers.authorization).toBe('Bearer k');
  });

  it('reports a 4xx at once as 502 with the provider message', async () => {
    script.push(json(401, { success: false, error: 'Invalid API key' }));
    const error = await failureOf(providerFetch(url(), {}, options({ maxRetries: 3 })));
    expect(error.code).toBe('provider_failed');
    expect(error.status).toBe(502);
    expect(error.message).toBe('Straico: Invalid API key');
    expect(seen).toHaveLength(1);
  });

  it('names the status when the provider gives no reason', async () => {
    script.push((response) => response.writeHead(403).end());
    const error = await failureOf(providerFetch(url(), {}, options()));
    expect(error.message).toBe('Straico: answered HTTP 403');
  });

  it('retries 5xx up to maxRetries, then reports the last failure as 502', async () => {
    script.push(json(503, { error: { message: 'first' } }), json(500, { error: { message: 'second' } }));
    const error = await failureOf(providerFetch(url(), {}, options({ maxRetries: 1 })));
    expect(error.message).toBe('Straico: second');
    expect(seen).toHaveLength(2);
  });

  it('retries a 429 and answers the success that follows', async () => {
    script.push(json(429, { error: 'slow down' }, { 'retry-after': '0' }), json(200, { fine: true }));
    const response = await providerFetch(url(), {}, options());
    expect(await response.json()).toEqual({ fine: true });
    expect(seen).toHaveLength(2);
  });

  it('does not sit out a Retry-After longer than the deadline: 504', async () => {
    script.push(json(429, { error: 'slow down' }, { 'retry-after': '30' }));
    const error = await failureOf(providerFetch(url(), {}, options({ timeoutMs: 300, maxRetries: 1 })));
    expect(error.code).toBe('provider_timeout');
    expect(error.status).toBe(504);
    expect(seen).toHaveLength(1);
  });

  it('reports a provider that cannot be reached as 502 after retrying', async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused at once.
    const error = await failureOf(providerFetch('http://127.0.0.1:9/x', {}, options({ maxRetries: 1 })));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('Straico: could not be reached');
  });

  it('gives up on a provider that never answers: 504, one deadline over every attempt', async () => {
    script.push(hang, hang, hang);
    const error = await failureOf(providerFetch(url(), {}, options({ timeoutMs: 300, maxRetries: 2 })));
    expect(error.code).toBe('provider_timeout');
    expect(error.message).toBe('Straico took too long to answer');
    expect(seen).toHaveLength(1);
  });

  it('passes the caller’s abort through during a request', async () => {
    script.push(hang);
    const controller = new AbortController();
    const work = providerFetch(url(), {}, options({ signal: controller.signal }));
    await until(() => seen.length === 1);
    controller.abort();
    await expect(work).rejects.toBe(controller.signal.reason);
  });

  it('passes the caller’s abort through during the pause before a retry', async () => {
    script.push(json(503, { error: 'busy' }, { 'retry-after': '30' }));
    const controller = new AbortController();
    const work = providerFetch(url(), {}, options({ signal: controller.signal, timeoutMs: 60_000 }));
    await until(() => seen.length === 1);
    controller.abort();
    await expect(work).rejects.toBe(controller.signal.reason);
    expect(seen).toHaveLength(1);
  });
});

describe('readErrorMessage', () => {
  const read = (body: string, type = 'application/json') =>
    readErrorMessage(new Response(body, { status: 400, headers: { 'content-type': type } }));

  it('finds the reason wherever the provider put it', async () => {
    expect(await read('{"error":{"code":402,"message":"Insufficient credits"}}')).toBe(
      'Insufficient credits',
    );
    expect(await read('{"message":"Top-level message"}')).toBe('Top-level message');
    expect(await read('{"success":false,"error":"Straico says no"}')).toBe('Straico says no');
    expect(await read('{"detail":"fal says no"}')).toBe('fal says no');
    expect(await read('"A bare JSON string"')).toBe('A bare JSON string');
    expect(await read('Plain text reason', 'text/plain')).toBe('Plain text reason');
  });

  it('gives no reason rather than markup, raw JSON or a wall of text', async () => {
    expect(await read('<html><body>502 Bad Gateway</body></html>', 'text/html')).toBeUndefined();
    expect(await read('{"detail":[{"loc":["body","prompt"],"msg":"field required"}]}')).toBeUndefined();
    expect(await read('null')).toBeUndefined();
    expect(await read('x'.repeat(500), 'text/plain')).toBeUndefined();
    expect(await read('')).toBeUndefined();
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
