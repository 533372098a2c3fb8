import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { redirectOtherLoopbackNames } from './loopback-redirect.ts';

/**
 * A page opened on http://127.0.0.1:3000 when APP_URL is http://localhost:3000 (the default): in development the
 * browser is sent to APP_URL's origin, where sign-in works; in production the server answers as before.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ appUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await t.close();
});

const development = () => redirectOtherLoopbackNames(t.app.fetch, { appUrl: t.appUrl, production: false });
const production = () => redirectOtherLoopbackNames(t.app.fetch, { appUrl: t.appUrl, production: true });

const pageLoad = (url: string) => new Request(url, { headers: { 'sec-fetch-mode': 'navigate' } });
const consent = (origin: string) =>
  new Request(`${origin}/api/dev-identity/authorize`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ name: 'Ada', email: 'ada@lumara.test' }),
  });

describe('another loopback name than APP_URL’s', () => {
  it('sends a page load in development to the same address under APP_URL’s name', async () => {
    for (const url of [
      'http://127.0.0.1:3000/login?next=%2Ffocus',
      'http://[::1]:3000/login?next=%2Ffocus',
    ]) {
      const answer = await development()(pageLoad(url));
      expect(answer.status).toBe(307);
      expect(answer.headers.get('location')).toBe('http://localhost:3000/login?next=%2Ffocus');
    }
    // A navigation to the API (the sign-in's redirect) moves too, and the port stays (a second server tried on
    // one machine is another port).
    const signIn = await development()(pageLoad('http://127.0.0.1:3000/api/oauth/google/redirect_url'));
    expect(signIn.headers.get('location')).toBe('http://localhost:3000/api/oauth/google/redirect_url');
    const otherPort = await development()(pageLoad('http://127.0.0.1:3002/community'));
    expect(otherPort.headers.get('location')).toBe('http://localhost:3002/community');
  });

  it('leaves in development what is already on APP_URL’s origin, other hosts, and API calls from scripts', async () => {
    expect((await development()(pageLoad('http://localhost:3000/api/auth/mode'))).status).toBe(200);
    expect((await development()(new Request('http://127.0.0.1:3000/api/auth/mode'))).status).toBe(200);
    expect((await development()(pageLoad('http://lumara.test/api/auth/mode'))).status).toBe(200);
    expect((await development()(pageLoad('http://localhost:3002/api/auth/mode'))).status).toBe(200);
    // A write is never redirected: from another origin it is refused as before.
    const write = await development()(consent('http://127.0.0.1:3000'));
    expect(write.status).toBe(403);
  });

  it('signs in on APP_URL’s origin once there', async () => {
    const answer = await development()(consent('http://localhost:3000'));
    // Past the same-origin guard: the consent itself refuses the missing state, not the origin.
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).not.toBe('cross_site_request');
  });

  it('changes nothing in production: the page is served there and a sign-in from it is refused', async () => {
    const page = await production()(pageLoad('http://127.0.0.1:3000/api/auth/mode'));
    expect(page.status).toBe(200);
    const write = await production()(consent('http://127.0.0.1:3000'));
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ error: { code: 'cross_site_request' } });
  });
});
