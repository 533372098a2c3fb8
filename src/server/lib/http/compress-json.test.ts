import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { compressJson } from './compress-json.ts';

const big = { items: Array.from({ length: 200 }, (_, n) => ({ n, title: `Item number ${n}` })) };

function demoApp() {
  const app = new Hono();
  app.use('*', compressJson({ fromBytes: 1024 }));
  app.get('/big', (c) => c.json(big));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/refused', (c) => c.json({ error: { code: 'bad_request', message: 'x'.repeat(2_000) } }, 400));
  app.get('/stream', (c) => streamSSE(c, async (stream) => stream.writeSSE({ data: 'x'.repeat(2_000) })));
  app.get('/text', (c) => c.text('x'.repeat(2_000)));
  return app;
}

describe('compressJson', () => {
  const app = demoApp();
  const get = (route: string, acceptEncoding?: string, method = 'GET') =>
    app.request(route, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a large JSON answer as brotli to a client that takes it, byte for byte the same once decoded', async () => {
    const answer = await get('/big', 'gzip, deflate, br, zstd');
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(big);
  });

  it('sends gzip to a client that takes only gzip, and error answers too, status kept', async () => {
    const answer = await get('/big', 'gzip');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString())).toEqual(big);
    const refused = await get('/refused', 'gzip');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves small answers, clients that accept nothing or refuse with q=0, HEAD, streams and text alone', async () => {
    const plain = [
      await get('/small', 'br, gzip'),
      await get('/big'),
      await get('/big', 'identity'),
      await get('/big', 'br;q=0, gzip;q=0'),
      await get('/big', 'br', 'HEAD'),
      await get('/stream', 'br, gzip'),
      await get('/text', 'br, gzip'),
    ];
    for (const answer of plain) expect(answer.headers.get('content-encoding')).toBeNull();
    expect(await plain[0]?.json()).toEqual({ ok: true });
    expect(await plain[3]?.json()).toEqual(big);
  });

  it('takes gzip when brotli alone is refused', async () => {
    const answer = await get('/big', 'br;q=0, gzip');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('the API, compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers a member's long task list compressed, the same list once decoded", async () => {
    const { cookie } = await signInMember(t);
    for (let n = 0; n < 40; n++)
      await createTaskAs(t, cookie, { title: `A task with a long enough title ${n}` });
    const plain = await t.request('/api/tasks', { cookie });
    const compressed = await t.app.request(new URL('/api/tasks', t.appUrl).toString(), {
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    // Its revalidation headers pass through: a compressed copy is the same (weak) version.
    expect(compressed.headers.get('cache-control')).toBe('private, no-cache');
    expect(compressed.headers.get('etag')).toBe(plain.headers.get('etag'));
    const decoded = JSON.parse(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString());
    expect(decoded).toEqual(await plain.json());
  });

  it('keeps small answers plain', async () => {
    const { cookie } = await signInMember(t);
    const me = await t.app.request(new URL('/api/users/me', t.appUrl).toString(), {
      headers: { cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(me.headers.get('content-encoding')).toBeNull();
    expect(me.status).toBe(200);
  });
});
