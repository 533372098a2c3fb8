import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { generationJobs } from '#server/db/schema.ts';
import { jobOutputKey, jobOutputUrl } from '#server/features/generation/job-outputs.ts';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

/**
 * Test helpers for the media tests (never imported by the app): small files with real signatures, a file host
 * that plays a provider's CDN on a loopback address, and stored job outputs.
 */

const padded = (head: readonly number[] | string, length = 256): Uint8Array => {
  const bytes = new Uint8Array(length);
  bytes.set(typeof head === 'string' ? Buffer.from(head, 'latin1') : head);
  for (let index = 32; index < length; index++) bytes[index] = index % 251;
  return bytes;
};

export const SAMPLE_FILES = {
  png: padded([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  jpeg: padded([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
  mp4: padded('\0\0\0\x18ftypisom\0\0\x02\0isomiso2'),
  mp3: padded('ID3\x04\0\0\0\0\0\0'),
  html: new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>'),
} as const;
export type SampleName = keyof typeof SAMPLE_FILES;

export type FileHost = TestServer & {
  /** Paths (with query) requested so far, in order. */
  requests: string[];
  url: (path: string) => string;
};

/**
 * A CDN stand-in. Routes:
 * - `/file/<sample>?type=<content type>`: the sample with that Content-Type (`type=none`: no header);
 * - `/big?bytes=<n>&length=yes|no`: a PNG of n bytes, with or without Content-Length;
 * - `/status/<code>`: that status;
 * - `/redirect?to=<url>`: a 302 to `to`.
 */
export async function startFileHost(options: { host: string; port?: number }): Promise<FileHost> {
  const requests: string[] = [];
  const server = await startTestServer((request, response) => {
    requests.push(request.url ?? '/');
    handle(request, response);
  }, options);
  return { ...server, requests, url: (path) => `${server.origin}${path}` };
}

function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://file-host');
  const [, route, arg = ''] = url.pathname.split('/');
  switch (route) {
    case 'file': {
      const sample = SAMPLE_FILES[arg as SampleName];
      if (!sample) break;
      const type = url.searchParams.get('type') ?? 'application/octet-stream';
      response.writeHead(200, type === 'none' ? {} : { 'content-type': type });
      response.end(sample);
      return;
    }
    case 'big': {
      const size = Number(url.searchParams.get('bytes'));
      const bytes = padded([...SAMPLE_FILES.png.subarray(0, 16)], size);
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'image/png' };
      if (url.searchParams.get('length') === 'yes') headers['content-length'] = size;
      response.writeHead(200, headers);
      // Written in pieces so a chunked answer really is chunked.
      for (let at = 0; at < size; at += 1024) response.write(bytes.subarray(at, at + 1024));
      response.end();
      return;
    }
    case 'status':
      response.writeHead(Number(arg), { 'content-type': 'text/plain' });
      response.end('the provider says no');
      return;
    case 'redirect':
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      response.end();
      return;
  }
  response.writeHead(404);
  response.end();
}

/**
 * A finished generation job of `userId` whose first output was stored inline, as the worker does for
 * OpenRouter's data: images. Answers the output's Lumara URL and its store key.
 */
export async function storeJobOutput(
  t: TestApp,
  userId: number,
  file: {
    bytes: Uint8Array;
    contentType: string;
    extension: string;
    mediaType?: 'image' | 'video' | 'audio';
  },
): Promise<{ url: string; key: string; jobId: string }> {
  const jobId = randomUUID();
  const key = jobOutputKey(jobId, 0, file.extension);
  await createFileMediaStore(t.media.dir).put(key, file.bytes);
  const url = jobOutputUrl(jobId, 0);
  await t.db.insert(generationJobs).values({
    id: jobId,
    userId,
    provider: 'openrouter',
    mediaType: file.mediaType ?? 'image',
    model: 'test/model',
    prompt: 'a lighthouse at dusk',
    input: {},
    status: 'ready',
    outputs: [{ url, key, contentType: file.contentType }],
    deadlineAt: new Date(Date.now() + 60_000),
    finishedAt: new Date(),
  });
  return { url, key, jobId };
}

/** The files (and any half-written `.part`) in one member's folder of the store: `media`, `avatars`, `wallpapers`. */
export async function filesInStore(
  t: TestApp,
  folder: 'media' | 'avatars' | 'wallpapers',
  userId: number,
): Promise<string[]> {
  try {
    return await readdir(path.join(t.media.dir, folder, String(userId)));
  } catch {
    return [];
  }
}
