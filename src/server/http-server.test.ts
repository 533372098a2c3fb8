import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOverHttp, serveOverHttp } from '#tests/setup/app-over-http.ts';
import { rawExchange, statusesOf } from '#tests/setup/raw-http.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { MAX_BODY_BYTES } from './app.ts';
import { createHttpServer } from './http-server.ts';
import { APP_CSP, securityHeaderEntries, securityHeadersByPath } from './lib/http/security-headers.ts';

/**
 * The HTTP server over real sockets (failures 3 and 4, and the slow-client limits): what a client sees
 * on the wire, which `app.request` never shows.
 */
let t: TestApp;
let http: AppOverHttp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  http = await serveOverHttp(t, { headersTimeoutMs: 1_000, requestTimeoutMs: 3_000 });
  port = http.port;
});
afterAll(async () => {
  await http.close();
  await t.close();
});

const host = () => `Host: 127.0.0.1:${port}\r\n`;
const healthz = () => `GET /healthz HTTP/1.1\r\n${host()}\r\n`;

/** A write answered before its body is read (no session: 401), the body sent in four parts over `overMs`. */
function earlyAnsweredWrite(bodyBytes: number) {
  const quarter = Buffer.alloc(bodyBytes / 4, 'a');
  return [
    `POST /api/tasks HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    quarter,
    quarter,
    quarter,
    quarter,
  ];
}

describe('a kept-alive connection after an early answer', () => {
  it('stays usable when the client takes its time to send a body of allowed size', async () => {
    // The adapter's clean-up used to destroy the socket 500 ms after the 401, while the body was still coming:
    // the next request on the connection met a reset.
    const exchange = await rawExchange(port, [...earlyAnsweredWrite(200_000), healthz()], {
      gapMs: 250,
      settleMs: 500,
    });
    expect(statusesOf(exchange.received)).toEqual([401, 200]);
    expect(exchange.received).toContain('"unauthenticated"');
    expect(exchange.reset).toBe(false);
    expect(exchange.closedByServer).toBe(false);
  });

  it('answers a body declared over the limit with 413 and Connection: close, and closes without a reset', async () => {
    const bodyBytes = 4 * MAX_BODY_BYTES;
    const exchange = await rawExchange(port, earlyAnsweredWrite(bodyBytes), { gapMs: 20, settleMs: 2_000 });
    expect(statusesOf(exchange.received)).toEqual([413]);
    expect(exchange.received).toMatch(/\r\nconnection: close\r\n/i);
    expect(exchange.received).toContain('"payload_too_large"');
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.reset).toBe(false);
  });
});

describe('requests the adapter cannot read', () => {
  it('answers a backslash in the path with a 400 in the error shape', async () => {
    const exchange = await rawExchange(port, [
      `PUT /api/community/posts/\\..\\ HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    ]);
    expect(statusesOf(exchange.received)).toEqual([400]);
    const body = exchange.received.slice(exchange.received.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'bad_request', message: 'Backslash in request path' },
    });
  });

  it('answers bytes that are not HTTP with a JSON 400 and closes', async () => {
    const exchange = await rawExchange(port, ['GET / HTTP/1.1\r\nNo colon here\r\n\r\n']);
    expect(statusesOf(exchange.received)).toEqual([400]);
    expect(exchange.received).toContain('"bad_request"');
    expect(exchange.closedByServer).toBe(true);
  });
});

describe('slow clients', () => {
  it('drops a client that dribbles its headers past the header timeout (slow-loris), with a 408', async () => {
    // The headers never end: a 408 and a close within the exchange's wait can only come from the header timeout.
    const exchange = await rawExchange(port, ['GET /healthz HTTP/1.1\r\n', host(), 'X-Slow: 1\r\n'], {
      gapMs: 400,
      settleMs: 5_000,
    });
    expect(exchange.closedByServer).toBe(true);
    expect(statusesOf(exchange.received)).toEqual([408]);
  });

  it('goes on serving others while slow clients hold connections', async () => {
    const slow = Array.from({ length: 20 }, () =>
      rawExchange(port, ['GET /healthz HTTP/1.1\r\n', host()], { gapMs: 200, settleMs: 3_000 }),
    );
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
    await Promise.all(slow);
  });
});

describe('the security headers the server sets on every answer', () => {
  it('sends each one, lets an answer keep its own stricter policy, and sets them on its own 400 too', async () => {
    const app = new Hono();
    app.get('/plain', (c) => c.json({ ok: true }));
    app.get('/file', (c) => c.body('x', 200, { 'Content-Security-Policy': `${APP_CSP}; sandbox` }));
    app.get('/assets/app-abc.js', (c) => c.body('0', 200, { 'Content-Type': 'text/javascript' }));
    const server = createHttpServer(app.fetch, {
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 10,
      maxBodyBytes: MAX_BODY_BYTES,
      headers: securityHeadersByPath({ https: true }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port: serverPort } = server.address() as AddressInfo;
    try {
      const plain = await fetch(`http://127.0.0.1:${serverPort}/plain`);
      for (const [name, value] of securityHeaderEntries({ https: true })) {
        expect(plain.headers.get(name), name).toBe(value);
      }
      expect(plain.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(await plain.json()).toEqual({ ok: true });

      const file = await fetch(`http://127.0.0.1:${serverPort}/file`);
      expect(file.headers.get('content-security-policy')).toBe(`${APP_CSP}; sandbox`);
      expect(file.headers.get('x-frame-options')).toBe('DENY');

      // A build file is never shown as a page: it keeps nosniff and the resource policy, not the page's headers.
      const asset = await fetch(`http://127.0.0.1:${serverPort}/assets/app-abc.js`);
      expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(asset.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(asset.headers.get('content-security-policy')).toBeNull();
      expect(asset.headers.get('x-frame-options')).toBeNull();

      // A path the adapter cannot turn into a URL: answered by the server itself.
      const { received: refused } = await rawExchange(serverPort, [
        `GET /a\\b HTTP/1.1\r\nHost: 127.0.0.1:${serverPort}\r\nConnection: close\r\n\r\n`,
      ]);
      expect(refused).toMatch(/^HTTP\/1\.1 400/);
      expect(refused).toMatch(/\r\nx-frame-options: DENY\r\n/i);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
