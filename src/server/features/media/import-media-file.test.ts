import { readdir, readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaConfig } from '#server/config.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { SAMPLE_FILES } from '#tests/factories/media-test-files.ts';
import { startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { type ImportMediaDeps, importMediaFile } from './import-media-file.ts';

/*
 * A link's download goes into the store as it arrives (src/server/lib/infra/media-store.ts): never
 * held whole in memory, and nothing written unless every check passed and every byte came. The provider's CDN is
 * a server on 127.0.0.2, reachable because `media.outbound` names it (as UNSAFE_OUTBOUND_ALLOW would).
 */

const MB = 1024 * 1024;
// One filler buffer written again and again, so the file host itself holds no more than this of a large file.
const FILLER = Buffer.alloc(64 * 1024, 0x5a);

let cdn: TestServer;
let t: TestApp;
/** Tags (`?tag=`) of requests whose connection the CDN has seen close: proof that a download was let go. */
const closedTags = new Set<string>();

/**
 * Routes, each a video that starts with a real MP4 signature unless it says otherwise:
 * - `/video?bytes=<n>&length=yes|no`: n bytes, with or without Content-Length;
 * - `/reset?bytes=<n>`: declares n bytes, sends half, drops the connection;
 * - `/page-forever`: says video/mp4 but starts like a web page, then never ends;
 * - `/gone-forever`: a 404 whose body never ends.
 */
function cdnHandler(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://cdn');
  const bytes = Number(url.searchParams.get('bytes') ?? 0);
  const tag = url.searchParams.get('tag');
  if (tag) request.socket.once('close', () => closedTags.add(tag));
  switch (url.pathname) {
    case '/video': {
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'video/mp4' };
      if (url.searchParams.get('length') === 'yes') headers['content-length'] = bytes;
      response.writeHead(200, headers);
      return pump(response, SAMPLE_FILES.mp4, bytes);
    }
    case '/reset':
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes });
      response.write(SAMPLE_FILES.mp4);
      response.write(FILLER.subarray(0, bytes / 2), () => response.socket?.destroy());
      return;
    case '/page-forever':
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.write(SAMPLE_FILES.html);
      return drip(response);
    case '/gone-forever':
      response.writeHead(404, { 'content-type': 'video/mp4' });
      return drip(response);
  }
  response.writeHead(404);
  response.end();
}

/** Writes `head` then filler up to `total` bytes, waiting for the socket whenever it is full. */
function pump(response: http.ServerResponse, head: Uint8Array, total: number) {
  let sent = 0;
  const write = () => {
    while (sent < total) {
      const chunk =
        sent === 0 ? head.subarray(0, total) : FILLER.subarray(0, Math.min(FILLER.length, total - sent));
      sent += chunk.byteLength;
      if (!response.write(chunk)) return void response.once('drain', write);
    }
    response.end();
  };
  write();
}

/** A body that keeps coming until the connection goes. */
function drip(response: http.ServerResponse) {
  const timer = setInterval(() => response.write(FILLER.subarray(0, 1024)), 20);
  response.once('close', () => clearInterval(timer));
}

beforeAll(async () => {
  cdn = await startTestServer(cdnHandler, { host: '127.0.0.2' });
  t = await buildTestApp();
});

afterAll(async () => {
  await Promise.all([t?.close(), cdn?.close()]);
});

function depsWith(media: Partial<MediaConfig> = {}): ImportMediaDeps {
  return {
    db: t.db,
    store: createFileMediaStore(t.media.dir),
    media: {
      ...t.media,
      outbound: { extraAllowed: ['127.0.0.2'], extraPorts: [cdn.port] },
      ...media,
    },
    appUrl: t.appUrl,
    logger: createLogger('silent'),
  };
}

/** Every file under a folder of the store, temporary `.part` files included. */
async function filesUnder(folder: string): Promise<string[]> {
  const dir = path.join(t.media.dir, folder);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/**
 * The bytes of ArrayBuffers still reachable. `memoryUsage().arrayBuffers` also counts dead socket buffers until the
 * collector next runs (for a fast 64 MB transfer, often most of it), and by default V8 frees the buffers a
 * collection found dead on a background thread, so the count can lag even right after `gc()` (spikes of 20-50 MB
 * measured while nothing held the bytes). Collecting first, with that sweep made part of the collection, measures
 * what the import holds rather than when the collector runs. The flags are set at run time because the test
 * runner starts its workers without them.
 */
function liveArrayBuffers(): number {
  collectGarbage();
  return process.memoryUsage().arrayBuffers;
}

v8.setFlagsFromString('--expose-gc');
v8.setFlagsFromString('--no-concurrent-array-buffer-sweeping');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describe('importMediaFile from a link', () => {
  // 64 MB through a real socket, with memory sampled: seconds alone, far more on a loaded machine.
  it('streams a 64 MB video into the store, never holding it in memory', async () => {
    const size = 64 * MB;
    const baseline = liveArrayBuffers();
    let peak = baseline;
    // Each sample runs a full collection: a few a second see a buffered body (it stays until the import ends)
    // without the collector taking the event loop the download needs.
    const sampler = setInterval(() => {
      peak = Math.max(peak, liveArrayBuffers());
    }, 250);
    try {
      const imported = await importMediaFile(
        depsWith({ maxBytes: 100 * MB }),
        1,
        `${cdn.origin}/video?bytes=${size}&length=no`,
        'video',
        'media/1/large.mp4',
      );
      expect(imported).toMatchObject({ key: 'media/1/large.mp4', contentType: 'video/mp4', sizeBytes: size });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, liveArrayBuffers());
    // Buffering holds all 64 MB (measured: 64.0 MB live); a stream holds a few chunks (measured: 0.4 MB).
    expect(peak - baseline).toBeLessThan(24 * MB);
    const stored = await readFile(path.join(t.media.dir, 'media/1/large.mp4'));
    expect(stored.byteLength).toBe(size);
    expect(stored.subarray(0, SAMPLE_FILES.mp4.byteLength)).toEqual(Buffer.from(SAMPLE_FILES.mp4));
    expect(stored.subarray(size - FILLER.byteLength)).toEqual(FILLER);
  }, 120_000);

  it('refuses a body over the cap with 413 and stores nothing, whether its length was declared or not', async () => {
    for (const length of ['yes', 'no']) {
      const error = await failureOf(
        importMediaFile(
          depsWith({ maxBytes: MB }),
          2,
          `${cdn.origin}/video?bytes=${3 * MB}&length=${length}&tag=over-cap-${length}`,
          'video',
          'media/2/over-cap.mp4',
        ),
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'payload_too_large',
        status: 413,
        message: `The remote file is larger than ${MB} bytes`,
      });
      await vi.waitFor(() => expect(closedTags).toContain(`over-cap-${length}`), { timeout: 2_000 });
    }
    expect(await filesUnder('media/2')).toEqual([]);
  });

  it('answers 502 when the upstream drops the connection mid-body, keeping what was at the key as it was', async () => {
    const store = createFileMediaStore(t.media.dir);
    const earlier = new Uint8Array([1, 2, 3]);
    await store.put('media/3/kept.mp4', earlier);
    const error = await failureOf(
      importMediaFile(depsWith(), 3, `${cdn.origin}/reset?bytes=${2 * MB}`, 'video', 'media/3/kept.mp4'),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'provider_failed',
      status: 502,
      message: 'The remote server could not be reached',
    });
    expect(await filesUnder('media/3')).toEqual(['kept.mp4']);
    expect(new Uint8Array(await readFile(path.join(t.media.dir, 'media/3/kept.mp4')))).toEqual(earlier);
  });

  it('cancels the download when the file is not the expected kind (415), storing nothing', async () => {
    // The answer never ends: that the import fails at all shows it judged the first bytes, not the whole body.
    const error = await failureOf(
      importMediaFile(depsWith(), 4, `${cdn.origin}/page-forever?tag=page`, 'video', 'media/4/page.mp4'),
    );
    expect(error).toMatchObject({ code: 'unsupported_media_type', status: 415 });
    await vi.waitFor(() => expect(closedTags).toContain('page'), { timeout: 10_000 });
    expect(await filesUnder('media/4')).toEqual([]);
  });

  it('cancels the download of an answer other than 200 (502), storing nothing', async () => {
    const error = await failureOf(
      importMediaFile(depsWith(), 5, `${cdn.origin}/gone-forever?tag=gone`, 'video', 'media/5/gone.mp4'),
    );
    expect(error).toMatchObject({
      code: 'provider_failed',
      status: 502,
      message: 'The file could not be downloaded: its server answered 404. The link may have expired.',
    });
    await vi.waitFor(() => expect(closedTags).toContain('gone'), { timeout: 2_000 });
    expect(await filesUnder('media/5')).toEqual([]);
  });

  it('stores a file shorter than the sniffer’s window whole', async () => {
    const imported = await importMediaFile(
      depsWith(),
      6,
      `${cdn.origin}/video?bytes=40&length=yes`,
      'video',
      (contentType) => `media/6/short.${contentType === 'video/mp4' ? 'mp4' : 'bin'}`,
    );
    expect(imported).toMatchObject({ key: 'media/6/short.mp4', sizeBytes: 40 });
    const stored = await readFile(path.join(t.media.dir, 'media/6/short.mp4'));
    expect(new Uint8Array(stored)).toEqual(SAMPLE_FILES.mp4.subarray(0, 40));
  });
});
