import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticApp } from './static-app.ts';

describe('the built app, served', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(4_000))});`;
  const styles = `body{color:red}${' '.repeat(2_000)}`;
  let webRoot = '';
  let app: ReturnType<typeof createStaticApp>;

  beforeAll(() => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'lumara-static-'));
    mkdirSync(path.join(webRoot, 'assets'));
    const html = `<!doctype html><title>Lumara</title>${'<!-- pad -->'.repeat(200)}`;
    writeFileSync(path.join(webRoot, 'index.html'), html);
    writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), script);
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js.gz'), gzipSync(script));
    // Only a gzip copy: a client asking for both gets the one there is.
    writeFileSync(path.join(webRoot, 'assets/app-abc123.css'), styles);
    writeFileSync(path.join(webRoot, 'assets/app-abc123.css.gz'), gzipSync(styles));
    writeFileSync(path.join(webRoot, 'assets/logo-abc123.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(path.join(webRoot, 'sw.js'), 'self.skipWaiting;');
    writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Lumara"}');
    writeFileSync(path.join(webRoot, 'icon-192.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    app = createStaticApp(webRoot);
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  const get = (route: string, acceptEncoding?: string) =>
    app.request(
      route,
      acceptEncoding === undefined ? {} : { headers: { 'accept-encoding': acceptEncoding } },
    );

  it('sends the brotli copy of a script to a browser that accepts it, cached for a year', async () => {
    const answer = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(script);
  });

  it('sends the gzip copy to a client that accepts only gzip, and to one asking for a copy that is not there', async () => {
    const js = await get('/assets/app-abc123.js', 'gzip');
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await js.arrayBuffer())).toString()).toBe(script);
    const css = await get('/assets/app-abc123.css', 'br, gzip');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(gunzipSync(Buffer.from(await css.arrayBuffer())).toString()).toBe(styles);
  });

  it('sends the plain file to a client that accepts no encoding, still saying it varies by encoding', async () => {
    const answer = await get('/assets/app-abc123.js');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await answer.text()).toBe(script);
  });

  it('leaves images as they are', async () => {
    const answer = await get('/assets/logo-abc123.png', 'br, gzip');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('vary')).toBeNull();
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it('keeps index.html uncached when its compressed copy is sent', async () => {
    const answer = await get('/index.html', 'br');
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a client route with index.html, uncached', async () => {
    const answer = await get('/community', 'br');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(await answer.text()).toContain('<title>Lumara</title>');
  });

  it('asks again every time for the service worker and the manifest, as a deploy must reach the next visit', async () => {
    const worker = await get('/sw.js');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect((await get('/icon-192.png')).headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
