import type http from 'node:http';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';
import { startCanaryServer, startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { createLogger } from './logger.ts';
import {
  type Lookup,
  resolveRedirect,
  type SafeFetchOptions,
  safeFetch,
  safeFetchStream,
} from './safe-fetch.ts';

/*
 * SSRF corpus. The canary on 127.0.0.1 stands for our private network; the fixture on
 * 127.0.0.2 plays "the internet" through `extraAllowed`. Both listen on the same port number, so a rebinding or
 * redirect that slipped through would land on the canary rather than fail to connect. Names go through an
 * injected lookup: no real DNS.
 */

let canary: TestServer;
let fixture: TestServer;
let port: number;
const logLines: Array<Record<string, unknown>> = [];
const logger = createLogger('warn', { write: (line: string) => logLines.push(JSON.parse(line)) });

const names: Record<string, string[]> = {
  'public.test': ['127.0.0.2'],
  'other.test': ['127.0.0.2'],
  'loopback.test': ['127.0.0.1'],
  'private.test': ['10.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'aaaa-private.test': ['fd00::1'],
  'aaaa-loopback.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'mixed.test': ['127.0.0.2', '127.0.0.1'],
  'empty.test': [],
  // Not consulted by safeFetch, which refuses the name itself; here so a regression would reach the canary.
  localhost: ['127.0.0.1'],
};
const lookupCalls: string[] = [];
const lookup: Lookup = async (hostname) => {
  lookupCalls.push(hostname);
  const answers = names[hostname.toLowerCase().replace(/\.$/, '')];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** Answers public, then private, on alternate calls: what a rebinding DNS server does. */
function rebindingLookup(): Lookup {
  let calls = 0;
  return async () => {
    calls += 1;
    return [{ address: calls % 2 === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
  };
}

const options = (extra: SafeFetchOptions = {}): SafeFetchOptions => ({
  lookup,
  extraAllowed: ['127.0.0.2'],
  allowPorts: [port],
  logger,
  ...extra,
});

const fixtureUrl = (path: string) => `http://127.0.0.2:${port}${path}`;
const redirectTo = (status: number, to: string) =>
  fixtureUrl(`/redirect?status=${status}&to=${encodeURIComponent(to)}`);

/** Tags (`?tag=`) of requests whose connection the fixture has seen close: proof that a socket was let go. */
const closedTags = new Set<string>();

function fixtureHandler(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://fixture');
  const bytes = Number(url.searchParams.get('bytes') ?? 0);
  const tag = url.searchParams.get('tag');
  if (tag) request.socket.once('close', () => closedTags.add(tag));
  const [, route, arg] = url.pathname.split('/');
  switch (route) {
    case 'ok':
      response.writeHead(200, { 'content-type': 'text/plain', 'x-fixture': 'yes' });
      return response.end('hello from the fixture');
    case 'redirect':
      response.writeHead(Number(url.searchParams.get('status')), {
        location: url.searchParams.get('to') ?? '/',
      });
      return response.end('moved');
    case 'chain':
      // Redirects forever.
      response.writeHead(302, { location: `/chain/${Number(arg) + 1}` });
      return response.end();
    case 'countdown':
      if (Number(arg) > 0) {
        response.writeHead(302, { location: `/countdown/${Number(arg) - 1}` });
        return response.end();
      }
      response.writeHead(200);
      return response.end('arrived');
    case 'echo': {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ method: request.method, headers: request.headers, body }));
      });
      return;
    }
    case 'status':
      response.writeHead(Number(arg));
      return response.end('upstream says no');
    case 'chunked': {
      // No Content-Length: Node sends Transfer-Encoding: chunked.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      let left = bytes;
      const pump = () => {
        while (left > 0) {
          const size = Math.min(left, 16 * 1024);
          left -= size;
          if (!response.write(Buffer.alloc(size, 7))) return response.once('drain', pump);
        }
        response.end();
      };
      return pump();
    }
    case 'stall-after-length':
      // Declares its size, sends a little, then never finishes: only an early refusal answers quickly.
      response.writeHead(200, { 'content-length': String(bytes) });
      response.write(Buffer.alloc(1024));
      return;
    case 'stall-body':
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
      return;
    case 'hang':
      return;
    case 'drip': {
      // A body that never ends but never falls silent either: only the overall timeout (or a cancel) stops it.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => response.write(Buffer.alloc(1024, 1)), 20);
      response.once('close', () => clearInterval(timer));
      return;
    }
    case 'reset':
      // Declares its size, sends half, then drops the connection.
      response.writeHead(200, { 'content-length': String(bytes) });
      response.write(Buffer.alloc(bytes / 2, 3), () => response.socket?.destroy());
      return;
    case 'short':
      // Suno-style short link: relative Location.
      response.writeHead(302, { location: '/song/abc-123' });
      return response.end();
    case 'get-only-short':
      if (request.method === 'HEAD') {
        response.writeHead(405);
        return response.end();
      }
      response.writeHead(301, { location: 'https://cdn.public.test/song/xyz' });
      return response.end('x'.repeat(100_000));
    default:
      response.writeHead(404);
      return response.end('not found');
  }
}

beforeAll(async () => {
  // The canary takes a free port; the fixture takes the same number on 127.0.0.2 (a different address, so it is
  // free whenever the canary's bind succeeded on 127.0.0.1 only).
  canary = await startCanaryServer({ host: '127.0.0.1' });
  port = canary.port;
  fixture = await startTestServer(fixtureHandler, { host: '127.0.0.2', port });
});

afterAll(async () => {
  await Promise.all([canary?.close(), fixture?.close()]);
});

type RefusalCase = { name: string; run: () => Promise<unknown> };

const fetchCase = (name: string, url: () => string, extra: SafeFetchOptions = {}): RefusalCase => ({
  name,
  run: () => safeFetch(url(), options(extra)),
});

const ipv4Literals = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '0x7f.0x0.0x0.0x1',
  '127.000.000.001',
  '%31%32%37.0.0.1',
  '１２７.０.０.１',
  '0.0.0.0',
  '0',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.0.1',
  '100.64.0.1',
  '169.254.169.254',
  '255.255.255.255',
  '224.0.0.1',
  '240.0.0.1',
  '198.18.0.1',
].map((host) => fetchCase(`IPv4 literal ${host}`, () => `http://${host}:${port}/`));

const ipv6Literals = [
  '[::1]',
  '[::]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::ffff:a9fe:a9fe]',
  '[::7f00:1]',
  '[64:ff9b::7f00:1]',
  '[64:ff9b:1::a00:1]',
  '[2002:7f00:1::]',
  '[2001::1]',
  '[fd00:ec2::254]',
  '[fe80::1]',
  '[fe80::1%25lo]',
  '[fec0::1]',
  '[ff02::1]',
].map((host) => fetchCase(`IPv6 literal ${host}`, () => `http://${host}:${port}/`));

const nameCases: RefusalCase[] = [
  ...['localhost', 'localhost.', 'LOCALHOST', 'api.localhost', 'ⓛocalhost'].map((host) =>
    fetchCase(`name ${host}`, () => `http://${host}:${port}/`),
  ),
  ...[
    'loopback.test',
    'LOOPBACK.TEST.',
    'private.test',
    'metadata.test',
    'aaaa-private.test',
    'aaaa-loopback.test',
    'mapped.test',
  ].map((host) => fetchCase(`name resolving privately: ${host}`, () => `http://${host}:${port}/`)),
  fetchCase('name with a public and a private A record', () => `http://mixed.test:${port}/ok`),
  fetchCase('https to a name resolving to loopback', () => `https://loopback.test:${port}/`),
  {
    name: 'rebinding: public on the first lookup, loopback on the next',
    run: async () => {
      const rebinding = rebindingLookup();
      const first = await safeFetch(`http://rebind.test:${port}/ok`, options({ lookup: rebinding }));
      expect(first.status).toBe(200);
      return safeFetch(`http://rebind.test:${port}/ok`, options({ lookup: rebinding }));
    },
  },
];

const redirectCases: RefusalCase[] = [
  ...[301, 302, 303, 307, 308].map((status) =>
    fetchCase(`${status} redirect to loopback`, () => redirectTo(status, `http://127.0.0.1:${port}/`)),
  ),
  fetchCase('302 to a name resolving to loopback', () => redirectTo(302, `http://loopback.test:${port}/`)),
  fetchCase('307 to a name resolving to a private address', () =>
    redirectTo(307, `http://private.test:${port}/`),
  ),
  fetchCase('302 to IPv4-mapped loopback', () => redirectTo(302, `http://[::ffff:7f00:1]:${port}/`)),
  fetchCase('302 to decimal loopback', () => redirectTo(302, `http://2130706433:${port}/`)),
  fetchCase('302 to the metadata service', () =>
    redirectTo(302, `http://169.254.169.254:${port}/latest/meta-data/`),
  ),
  fetchCase('302 to localhost', () => redirectTo(302, `http://localhost:${port}/`)),
  fetchCase('redirect chain over max hops', () => fixtureUrl('/chain/0')),
  fetchCase('redirect chain over a lowered max', () => fixtureUrl('/countdown/2'), { maxRedirects: 1 }),
  fetchCase('302 to file:', () => redirectTo(302, 'file:///etc/passwd')),
  fetchCase('302 to gopher:', () => redirectTo(302, `gopher://127.0.0.1:${port}/_INFO`)),
  fetchCase('302 to a URL with userinfo', () => redirectTo(302, `http://user:pass@public.test:${port}/ok`)),
  fetchCase('302 to a forbidden port', () => redirectTo(302, 'http://127.0.0.2:6379/')),
];

const schemeCases: RefusalCase[] = [
  'file:///etc/passwd',
  'gopher://127.0.0.2:70/_x',
  'ftp://public.test/file',
  'data:text/plain,hello',
  'javascript:alert(1)',
  'ws://public.test/socket',
  'wss://public.test/socket',
  'dict://127.0.0.2:11211/stats',
].map((url) => fetchCase(`scheme ${url.split(':')[0]}:`, () => url));

const portCases: RefusalCase[] = [
  ...[22, 5432, 6379, 11211].map((p) => fetchCase(`port ${p}`, () => `http://127.0.0.2:${p}/`)),
  fetchCase('a fixture port when only 80 and 443 are allowed', () => fixtureUrl('/ok'), {
    allowPorts: undefined,
  }),
];

const trickCases: RefusalCase[] = [
  fetchCase(
    'userinfo naming a public host before a private one',
    () => `http://public.test@127.0.0.1:${port}/`,
  ),
  fetchCase('userinfo on a public host', () => `http://user:pass@public.test:${port}/ok`),
  fetchCase('fragment hiding a public host', () => `http://127.0.0.1:${port}#@public.test:${port}/`),
  fetchCase('backslash after a private host', () => `http://127.0.0.1:${port}\\@public.test/`),
  fetchCase('a 1 MB URL', () => `http://public.test:${port}/${'a'.repeat(1024 * 1024)}`),
  fetchCase('not a URL', () => 'not a url'),
  fetchCase('a scheme-relative URL', () => `//127.0.0.2:${port}/ok`),
];

const corpus = [
  ...ipv4Literals,
  ...ipv6Literals,
  ...nameCases,
  ...redirectCases,
  ...schemeCases,
  ...portCases,
  ...trickCases,
];

describe('safeFetch SSRF corpus', () => {
  it('has at least 60 cases', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
  });

  it.each(corpus)('refuses $name', async ({ run }) => {
    const logged = logLines.length;
    const started = performance.now();
    const error = await run().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
    expect(canary.connections()).toBe(0);
    // Every refusal is a security event, with the host and reason but never the URL itself.
    const events = logLines.slice(logged);
    expect(events).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'outbound request refused', reason: expect.any(String) }),
    );
    for (const event of events) expect(JSON.stringify(event).length).toBeLessThan(500);
  });

  it('sends a backslash "userinfo" trick to the host the URL really names', async () => {
    // WHATWG reads `\` as `/` in http URLs, so this names public.test with the path /@127.0.0.1…
    const response = await safeFetch(`http://public.test:${port}\\@127.0.0.1:${port}/`, options());
    expect(response.status).toBe(404);
    expect(new TextDecoder().decode(response.body)).toBe('not found');
    expect(canary.connections()).toBe(0);
  });

  it('pins each connection to the address it checked, across 10 rebinding tries', async () => {
    const rebinding = rebindingLookup();
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const outcome = await safeFetch(`http://rebind.test:${port}/ok`, options({ lookup: rebinding })).then(
        (response) => new TextDecoder().decode(response.body),
        (error: AppError) => error.code,
      );
      outcomes.push(outcome);
    }
    expect(outcomes).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'hello from the fixture' : 'bad_request')),
    );
    expect(canary.connections()).toBe(0);
  });
});

describe('safeFetch on public hosts', () => {
  it('fetches from the public fixture, by address and by name', async () => {
    const byAddress = await safeFetch(fixtureUrl('/ok'), options());
    expect(byAddress.status).toBe(200);
    expect(byAddress.finalUrl).toBe(fixtureUrl('/ok'));
    expect(byAddress.headers.get('x-fixture')).toBe('yes');
    expect(new TextDecoder().decode(byAddress.body)).toBe('hello from the fixture');

    lookupCalls.length = 0;
    const byName = await safeFetch(`http://public.test:${port}/ok#fragment`, options());
    expect(new TextDecoder().decode(byName.body)).toBe('hello from the fixture');
    expect(byName.finalUrl).toBe(`http://public.test:${port}/ok`);
    // One lookup, in the connector: nothing resolves the name a second time.
    expect(lookupCalls).toEqual(['public.test']);
  });

  it('answers upstream 4xx and 5xx rather than throwing', async () => {
    const notFound = await safeFetch(fixtureUrl('/status/404'), options());
    expect(notFound.status).toBe(404);
    const broken = await safeFetch(fixtureUrl('/status/503'), options());
    expect(broken.status).toBe(503);
    expect(new TextDecoder().decode(broken.body)).toBe('upstream says no');
  });

  it('follows redirects up to the limit', async () => {
    const response = await safeFetch(fixtureUrl('/countdown/3'), options());
    expect(response.status).toBe(200);
    expect(response.finalUrl).toBe(fixtureUrl('/countdown/0'));
    expect(new TextDecoder().decode(response.body)).toBe('arrived');
  });

  it('turns a POST into a GET on 303 and replays it on 307', async () => {
    const post = { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } };
    const after303 = await safeFetch(redirectTo(303, '/echo'), options(post));
    expect(JSON.parse(new TextDecoder().decode(after303.body))).toMatchObject({ method: 'GET', body: '' });
    const after307 = await safeFetch(redirectTo(307, '/echo'), options(post));
    expect(JSON.parse(new TextDecoder().decode(after307.body))).toMatchObject({
      method: 'POST',
      body: 'payload',
    });
  });

  it('sends only the caller’s headers, and drops credentials when a redirect leaves the origin', async () => {
    const headers = { accept: 'image/*', authorization: 'Bearer caller-token' };
    const direct = await safeFetch(fixtureUrl('/echo'), options({ headers }));
    const sent = JSON.parse(new TextDecoder().decode(direct.body)).headers as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual(['accept', 'authorization', 'connection', 'host']);

    const sameOrigin = await safeFetch(redirectTo(302, '/echo'), options({ headers }));
    expect(JSON.parse(new TextDecoder().decode(sameOrigin.body)).headers).toMatchObject(headers);

    const crossOrigin = await safeFetch(
      redirectTo(302, `http://other.test:${port}/echo`),
      options({ headers }),
    );
    const forwarded = JSON.parse(new TextDecoder().decode(crossOrigin.body)).headers as Record<
      string,
      string
    >;
    expect(forwarded.authorization).toBeUndefined();
    expect(forwarded.accept).toBe('image/*');
    expect(forwarded.host).toBe(`other.test:${port}`);
  });

  it('keeps the hostname as the TLS server name while connecting to the pinned address', async () => {
    const seen: string[] = [];
    // No certificate: the handshake fails after the ClientHello, which is all this test needs to see.
    const server = tls.createServer({
      SNICallback: (servername, callback) => {
        seen.push(servername);
        callback(new Error('no certificate here'));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    try {
      const tlsPort = (server.address() as { port: number }).port;
      const error = await safeFetch(
        `https://public.test:${tlsPort}/`,
        options({ allowPorts: [tlsPort] }),
      ).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ code: 'provider_failed', status: 502 });
      expect(seen).toEqual(['public.test']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('answers 502 for hosts that do not exist or do not listen', async () => {
    await expect(safeFetch(`http://nowhere.test:${port}/`, options())).rejects.toMatchObject({
      code: 'provider_failed',
      message: 'The remote host could not be found',
    });
    await expect(safeFetch(`http://empty.test:${port}/`, options())).rejects.toMatchObject({
      code: 'provider_failed',
    });
    const closed = await startTestServer(() => undefined, { host: '127.0.0.2' });
    await closed.close();
    await expect(
      safeFetch(`http://127.0.0.2:${closed.port}/`, options({ allowPorts: [closed.port] })),
    ).rejects.toMatchObject({ code: 'provider_failed', message: 'The remote server could not be reached' });
  });
});

describe('safeFetch limits', () => {
  it('aborts a chunked body once it passes the byte cap', async () => {
    const started = performance.now();
    await expect(
      safeFetch(fixtureUrl('/chunked?bytes=500000'), options({ maxBytes: 100_000 })),
    ).rejects.toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(performance.now() - started).toBeLessThan(1_000);

    const underCap = await safeFetch(fixtureUrl('/chunked?bytes=100000'), options({ maxBytes: 100_000 }));
    expect(underCap.body.byteLength).toBe(100_000);
    expect(underCap.headers.get('transfer-encoding')).toBe('chunked');
  });

  it('refuses a Content-Length over the cap before reading the body', async () => {
    const started = performance.now();
    await expect(
      safeFetch(
        fixtureUrl('/stall-after-length?bytes=200000'),
        options({ maxBytes: 100_000, timeoutMs: 5_000 }),
      ),
    ).rejects.toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('times out against a server that never answers', async () => {
    const started = performance.now();
    await expect(safeFetch(fixtureUrl('/hang'), options({ timeoutMs: 300 }))).rejects.toMatchObject({
      code: 'provider_timeout',
      status: 504,
    });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('times out a body that stops halfway', async () => {
    await expect(safeFetch(fixtureUrl('/stall-body'), options({ timeoutMs: 300 }))).rejects.toMatchObject({
      code: 'provider_timeout',
    });
  });

  it('rethrows the caller’s own abort as is', async () => {
    const controller = new AbortController();
    const reason = new Error('member went away');
    setTimeout(() => controller.abort(reason), 50);
    await expect(safeFetch(fixtureUrl('/hang'), options({ signal: controller.signal }))).rejects.toBe(reason);
  });
});

/** Reads a stream to its end, answering how many bytes came. */
async function drain(body: ReadableStream<Uint8Array>): Promise<number> {
  const reader = body.getReader();
  let total = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) total += next.value.byteLength;
  return total;
}

/** Timers and intervals alive in this process: a leaked exchange timer shows up here. */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('safeFetchStream', () => {
  it('streams the body and lets the connection go once it has been read to the end', async () => {
    const response = await safeFetchStream(fixtureUrl('/chunked?bytes=300000&tag=read-all'), options());
    expect(response.status).toBe(200);
    expect(response.finalUrl).toBe(fixtureUrl('/chunked?bytes=300000&tag=read-all'));
    expect(await drain(response.body)).toBe(300_000);
    await vi.waitFor(() => expect(closedTags).toContain('read-all'), { timeout: 2_000 });
  });

  it('errors the stream with 413 once the body passes the cap, handing on no more than the cap', async () => {
    const response = await safeFetchStream(
      fixtureUrl('/chunked?bytes=5000000&tag=over-cap'),
      options({ maxBytes: 100_000 }),
    );
    const reader = response.body.getReader();
    let handedOn = 0;
    const error = await (async () => {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        handedOn += next.value.byteLength;
      }
    })().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'payload_too_large',
      status: 413,
      message: 'The remote file is larger than 100000 bytes',
    });
    expect(handedOn).toBeLessThanOrEqual(100_000);
    await vi.waitFor(() => expect(closedTags).toContain('over-cap'), { timeout: 2_000 });
  });

  it('refuses a declared Content-Length over the cap before handing back a body', async () => {
    const started = performance.now();
    await expect(
      safeFetchStream(
        fixtureUrl('/stall-after-length?bytes=200000&tag=declared'),
        options({ maxBytes: 100_000 }),
      ),
    ).rejects.toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(performance.now() - started).toBeLessThan(1_000);
    await vi.waitFor(() => expect(closedTags).toContain('declared'), { timeout: 2_000 });
  });

  it('errors the stream with 502 when the upstream drops the connection mid-body', async () => {
    const response = await safeFetchStream(fixtureUrl('/reset?bytes=200000'), options());
    expect(response.status).toBe(200);
    await expect(drain(response.body)).rejects.toMatchObject({
      code: 'provider_failed',
      status: 502,
      message: 'The remote server could not be reached',
    });
  });

  it('bounds the body by the overall timeout, even while bytes keep coming', async () => {
    const started = performance.now();
    const response = await safeFetchStream(fixtureUrl('/drip?tag=slow'), options({ timeoutMs: 300 }));
    await expect(drain(response.body)).rejects.toMatchObject({ code: 'provider_timeout', status: 504 });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    await vi.waitFor(() => expect(closedTags).toContain('slow'), { timeout: 2_000 });
  });

  it('lets the connection go at the deadline even when nobody reads the body', async () => {
    const response = await safeFetchStream(fixtureUrl('/drip?tag=unread'), options({ timeoutMs: 200 }));
    await vi.waitFor(() => expect(closedTags).toContain('unread'), { timeout: 2_000 });
    await expect(drain(response.body)).rejects.toMatchObject({ code: 'provider_timeout' });
  });

  it('releases the connection and the timer when the caller cancels the body', async () => {
    const timersBefore = liveTimers();
    const response = await safeFetchStream(fixtureUrl('/drip?tag=cancelled'), options({ timeoutMs: 60_000 }));
    const reader = response.body.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await vi.waitFor(() => expect(closedTags).toContain('cancelled'), { timeout: 2_000 });
    // The exchange's 60 s timer is gone, and so is the fixture's drip interval with the socket.
    expect(liveTimers()).toBe(timersBefore);
  });

  it('errors the stream with the caller’s own abort reason, as is, when it aborts mid-body', async () => {
    const controller = new AbortController();
    const reason = new Error('member went away');
    const response = await safeFetchStream(
      fixtureUrl('/drip?tag=caller-abort'),
      options({ signal: controller.signal }),
    );
    const reader = response.body.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort(reason);
    await expect(
      (async () => {
        for (let next = await reader.read(); !next.done; next = await reader.read());
      })(),
    ).rejects.toBe(reason);
    await vi.waitFor(() => expect(closedTags).toContain('caller-abort'), { timeout: 2_000 });
  });
});

describe('resolveRedirect', () => {
  it('answers the Location of a 302 without following it', async () => {
    await expect(resolveRedirect(fixtureUrl('/short'), options())).resolves.toBe(fixtureUrl('/song/abc-123'));
  });

  it('falls back to GET when HEAD does not redirect', async () => {
    await expect(
      resolveRedirect(fixtureUrl('/get-only-short'), options({ allowPorts: [port, 443] })),
    ).resolves.toBe('https://cdn.public.test/song/xyz');
  });

  it('answers null when the URL does not redirect', async () => {
    await expect(resolveRedirect(fixtureUrl('/ok'), options())).resolves.toBeNull();
  });

  it('refuses private targets and private Locations', async () => {
    await expect(resolveRedirect(`http://127.0.0.1:${port}/`, options())).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(
      resolveRedirect(redirectTo(302, `http://127.0.0.1:${port}/`), options()),
    ).rejects.toMatchObject({ code: 'bad_request' });
    await expect(resolveRedirect(redirectTo(302, 'file:///etc/passwd'), options())).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect(canary.connections()).toBe(0);
  });
});

describe('after everything', () => {
  it('never let a connection reach the canary', () => {
    expect(canary.connections()).toBe(0);
    expect(fixture.connections()).toBeGreaterThan(0);
  });
});
