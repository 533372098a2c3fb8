import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The public sign-in routes write rows and hold codes for anyone who calls them, so each client address may call
 * them `SIGN_IN_LIMIT_PER_MINUTE` times a minute, together; the address is the socket's unless the server is
 * told how many proxies to believe (`TRUSTED_PROXY_HOPS`).
 */
const LIMIT = 3;
let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  direct = await buildTestApp({ limits: { signInPerMinute: LIMIT } });
  proxied = await buildTestApp({
    limits: { signInPerMinute: LIMIT },
    clientAddress: { trustedProxyHops: 1 },
  });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const startSignIn = (t: TestApp, from: string, headers: Record<string, string> = {}) =>
  t.request('/api/oauth/google/redirect_url', { from, headers });

describe('sign-in limits per address', () => {
  it('answers 429 with Retry-After past the limit, on every sign-in route, and again after the minute', async () => {
    const from = '198.51.100.7';
    for (let i = 0; i < LIMIT; i += 1) expect((await startSignIn(direct, from)).status).toBe(200);

    const refused = await startSignIn(direct, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: `Too many sign-in requests: try again in ${refused.headers.get('retry-after')} s`,
      },
    });
    const exchange = await direct.request('/api/sessions', {
      method: 'POST',
      from,
      body: { code: 'c', state: 's' },
    });
    expect(exchange.status).toBe(429);
    const consent = await direct.request('/api/dev-identity/authorize', { method: 'POST', from, body: {} });
    expect(consent.status).toBe(429);
    // In the member's language too.
    const spanish = await startSignIn(direct, from, { 'accept-language': 'es' });
    expect(((await spanish.json()) as { error: { message: string } }).error.message).toMatch(
      /^Demasiadas solicitudes de inicio de sesión/,
    );

    // Another address has its own allowance; the refused one gets its back after the minute.
    expect((await startSignIn(direct, '198.51.100.8')).status).toBe(200);
    direct.clock.advance(60_000);
    expect((await startSignIn(direct, from)).status).toBe(200);
  });

  it('ignores X-Forwarded-For without a trusted proxy: a made-up header buys nothing', async () => {
    const from = '198.51.100.20';
    for (let i = 0; i <= LIMIT; i += 1)
      await startSignIn(direct, from, { 'x-forwarded-for': `203.0.113.${i}` });
    expect((await startSignIn(direct, from, { 'x-forwarded-for': '203.0.113.99' })).status).toBe(429);
  });

  it('counts IPv6 clients by their /64', async () => {
    for (let i = 1; i <= LIMIT; i += 1)
      expect((await startSignIn(direct, `2001:db8:5:6::${i}`)).status).toBe(200);
    expect((await startSignIn(direct, '2001:db8:5:6:ffff::1')).status).toBe(429);
    expect((await startSignIn(direct, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('behind a trusted proxy, counts the address the proxy saw, not what the client wrote before it', async () => {
    const proxy = '10.0.0.2';
    const client = (forwarded: string) => startSignIn(proxied, proxy, { 'x-forwarded-for': forwarded });
    for (let i = 0; i < LIMIT; i += 1) expect((await client('203.0.113.50')).status).toBe(200);
    expect((await client('203.0.113.50')).status).toBe(429);
    // The client's own entries come first; the proxy appends the address it received from.
    expect((await client('192.0.2.1, 203.0.113.50')).status).toBe(429);
    expect((await client('203.0.113.51')).status).toBe(200);
  });
});
