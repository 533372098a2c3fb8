import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstPaintState } from '#shared/first-paint.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The server's first paint (decision 0039) with a stand-in renderer that writes back what it was given: the
 * member, their dashboard and the zone come from the API's own answers for the cookie's session, and anything
 * that cannot be rendered gets the plain page, never an error. The real renderer is driven in Chromium
 * (tests/e2e/first-paint.spec.ts).
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Lumara</title><link rel="stylesheet" crossorigin href="/assets/web-abc.css"></head>' +
  '<body><div id="root"></div></body></html>';
const RENDERER = `
export async function renderFirstPaint(input) {
  if (input.dashboard.tasks.some((task) => task.title === 'fail the render')) throw new Error('render failed');
  const titles = input.dashboard.tasks.map((task) => task.title).join(',');
  return {
    html: '<p>' + input.user.email + '|' + input.dashboard.profile.display_name + '|' + input.timeZone + '|' + input.language + '|' + titles.replace(/</g, '&lt;') + '</p>',
    state: { language: input.language, timeZone: input.timeZone, queries: [[['titles'], titles, 0]] },
    theme: null,
  };
}`;

describe('the first paint from the server', () => {
  let t: TestApp;
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lumara-first-paint-'));
    const webRoot = path.join(dir, 'web');
    mkdirSync(webRoot);
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets/web-abc.css'), 'body{color:red}');
    writeFileSync(path.join(webRoot, 'login.en.development.html'), '<h1>Welcome to Lumara</h1>');
    writeFileSync(
      path.join(webRoot, 'login.es.development.html'),
      '<h1>Te damos la bienvenida a Lumara</h1>',
    );
    // Not this server's way of signing in (the test app's is the development provider).
    writeFileSync(path.join(webRoot, 'login.en.google.html'), '<h1>Google</h1>');
    writeFileSync(path.join(dir, 'ssr/entry-server.mjs'), RENDERER);
    t = await buildTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (route: string, headers: Record<string, string> = {}) =>
    t.app.request(`http://localhost:3000${route}`, { headers });

  function stateOf(html: string): FirstPaintState {
    const block = /<script type="application\/json" id="first-paint">(.*?)<\/script>/s.exec(html)?.[1];
    if (!block) throw new Error('no first-paint state in the page');
    return JSON.parse(block);
  }

  it("renders the member's dashboard from their own answers, in their zone, uncached by anyone but them", async () => {
    const { cookie } = await signInMember(t, { name: 'Grace Hopper', email: 'grace@example.test' });
    await createTaskAs(t, cookie, { title: 'Close </script><script>alert(1)</script> & $& done' });
    const other = await signInMember(t, { name: 'Alan Turing', email: 'alan@example.test' });
    await createTaskAs(t, other.cookie, { title: 'Not yours' });

    for (const route of ['/', '/dashboard']) {
      const answer = await page(route, { cookie: `${cookie}; lumara-time-zone=America%2FNew_York` });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
      expect(answer.headers.get('vary')).toMatch(/cookie/i);
      const html = await answer.text();
      expect(html).toContain('<p>grace@example.test|Grace Hopper|America/New_York|en|');
      expect(html).not.toContain('Not yours');
      // Its stylesheet written in: the first paint waits for no other request.
      expect(html).toContain('<style>body{color:red}</style>');
      expect(html).not.toContain('<link rel="stylesheet"');
      // Nothing in the member's text closes the data block or runs.
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(stateOf(html)).toMatchObject({ language: 'en', timeZone: 'America/New_York' });
      expect(stateOf(html).queries[0]?.[1]).toBe('Close </script><script>alert(1)</script> & $& done');
    }
  });

  it('sends the plain page when it cannot: no session, an unknown one, no zone yet, a zone that is none, a failed render', async () => {
    const { cookie } = await signInMember(t);
    const plain = [
      await page('/'),
      await page('/', { cookie: 'lumara_session=unknown; lumara-time-zone=UTC' }),
      await page('/', { cookie }),
      await page('/', { cookie: `${cookie}; lumara-time-zone=Mars%2FOlympus` }),
      await page('/focus', { cookie: `${cookie}; lumara-time-zone=UTC` }),
    ];
    for (const answer of plain) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(TEMPLATE);
    }
    await createTaskAs(t, cookie, { title: 'fail the render' });
    const failed = await page('/', { cookie: `${cookie}; lumara-time-zone=UTC` });
    expect(failed.status).toBe(200);
    expect(await failed.text()).toBe(TEMPLATE);
  });

  it('speaks the profile language the member chose', async () => {
    const { cookie } = await signInMember(t);
    const saved = await t.request('/api/profile', { method: 'PUT', cookie, body: { language: 'es' } });
    expect(saved.status).toBe(200);
    const html = await (await page('/', { cookie: `${cookie}; lumara-time-zone=UTC` })).text();
    expect(stateOf(html).language).toBe('es');
  });

  it('sends the sign-in page prerendered in the language this browser showed last, else the one it asks for', async () => {
    const inSpanish = await page('/login', { 'accept-language': 'es-CL,es;q=0.9' });
    expect(await inSpanish.text()).toContain('Te damos la bienvenida');
    expect(inSpanish.headers.get('vary')).toMatch(/accept-language/i);
    const remembered = await page('/login', { 'accept-language': 'es', cookie: 'lumara-language=en' });
    expect(await remembered.text()).toContain('Welcome to Lumara');
  });
});
