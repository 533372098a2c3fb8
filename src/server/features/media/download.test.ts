import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaCreate, type MediaItem, mediaItemSchema } from '#shared/media.ts';
import {
  type FileHost,
  SAMPLE_FILES,
  startFileHost,
  storeJobOutput,
} from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import {
  attachmentDisposition,
  DOWNLOAD_NAME_MAX_CHARACTERS,
  downloadFilename,
} from './download-filename.ts';

/*
 * The member's own stored files as attachments under a safe name.
 * It is never an open proxy: a link that is not the member's media is 404 and nothing is fetched.
 */

let host: FileHost;
let t: TestApp;

beforeAll(async () => {
  host = await startFileHost({ host: '127.0.0.2' });
  t = await buildTestApp({ media: { outbound: { extraAllowed: ['127.0.0.2'], extraPorts: [host.port] } } });
});

afterAll(async () => {
  await Promise.all([t?.close(), host?.close()]);
});

async function saveItem(cookie: string, body: MediaCreate): Promise<MediaItem> {
  const response = await t.request('/api/media', { method: 'POST', cookie, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return mediaItemSchema.parse(await response.json());
}

function download(cookie: string, url: string, filename?: string, headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ url, ...(filename !== undefined ? { filename } : {}) });
  return t.request(`/api/download?${query}`, { cookie, headers });
}

describe('GET /api/download', () => {
  it("serves the member's stored copy as an attachment named 'generated-media' by default", async () => {
    const { cookie } = await signInMember(t);
    const item = await saveItem(cookie, {
      media_type: 'image',
      media_url: host.url('/file/png?type=image/png&tag=download'),
    });
    for (const url of [item.media_url, `${t.appUrl.origin}${item.media_url}`]) {
      const answer = await download(cookie, url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="generated-media.png"; filename*=UTF-8''generated-media.png`,
      );
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toMatch(/(^|; )sandbox$/);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(SAMPLE_FILES.png);
    }
  });

  it('finds an item by the exact link it was saved from, without fetching that link again', async () => {
    const { cookie } = await signInMember(t);
    const source = host.url('/file/mp4?type=video/mp4&tag=by-source');
    await saveItem(cookie, { media_type: 'video', media_url: source });
    const before = host.requests.length;

    const answer = await download(cookie, source, 'My sunset');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('filename="My sunset.mp4"');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(SAMPLE_FILES.mp4);

    // A link that merely looks alike names nothing of the member's.
    expect((await download(cookie, `${source}&other=1`)).status).toBe(404);
    expect((await download(cookie, source.replace('by-source', 'by-sourcE'))).status).toBe(404);
    expect(host.requests.length).toBe(before);
  });

  it("serves the member's job outputs, by type", async () => {
    const { cookie, user } = await signInMember(t);
    const image = await storeJobOutput(t, user.id, {
      bytes: SAMPLE_FILES.png,
      contentType: 'image/png',
      extension: 'png',
    });
    const song = await storeJobOutput(t, user.id, {
      bytes: SAMPLE_FILES.mp3,
      contentType: 'audio/mpeg',
      extension: 'mp3',
      mediaType: 'audio',
    });
    const picture = await download(cookie, image.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-disposition')).toContain('filename="generated-media.png"');
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(SAMPLE_FILES.png);

    const sound = await download(cookie, `${t.appUrl.origin}${song.url}`);
    expect(sound.status).toBe(200);
    expect(sound.headers.get('content-type')).toBe('audio/mpeg');
    expect(sound.headers.get('content-disposition')).toContain('filename="generated-media.mp3"');
    await sound.arrayBuffer();

    const stranger = await signInMember(t);
    expect((await download(stranger.cookie, image.url)).status).toBe(404);
  });

  it('is never an open proxy: links that are not the member’s media are 404 and nothing is fetched', async () => {
    const { cookie } = await signInMember(t);
    const before = host.requests.length;
    for (const url of [
      host.url('/file/png?type=image/png&tag=never-saved'),
      'https://example.com/image.png',
      '/api/media/abc/file',
      '/api/media/99999999/file',
      '/api/media/1/file?x=1',
      '//127.0.0.2/api/media/1/file',
      '/api/users/me',
      'http://localhost:3001/api/media/1/file',
      'javascript:alert(1)',
    ]) {
      const answer = await download(cookie, url);
      expect(answer.status, url).toBe(404);
      expect((await answer.json()) as unknown).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(host.requests.length).toBe(before);
  });

  it('refuses a malformed query (400) and a request another site started (403)', async () => {
    const { cookie } = await signInMember(t);
    expect((await t.request('/api/download', { cookie })).status).toBe(400);
    expect((await download(cookie, '/api/media/1/file', 'x'.repeat(201))).status).toBe(400);
    const crossSite = await download(cookie, '/api/media/1/file', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
  });

  it('encodes a name beyond ASCII in both forms and lets a download resume with a range', async () => {
    const { cookie } = await signInMember(t);
    const item = await saveItem(cookie, {
      media_type: 'audio',
      media_url: host.url('/file/mp3?type=audio/mpeg&tag=unicode'),
    });
    const answer = await download(cookie, item.media_url, 'Café "au" lait\r\nSet-Cookie: x=1', {
      range: 'bytes=10-19',
    });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="Caf_ au lait Set-Cookie x=1.mp3"; filename*=UTF-8''Caf%C3%A9%20au%20lait%20Set-Cookie%20x%3D1.mp3`,
    );
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(SAMPLE_FILES.mp3.subarray(10, 20));
  });
});

describe('downloadFilename', () => {
  it.each([
    [undefined, 'image', 'image/png', 'generated-media.png'],
    ['', 'video', 'video/mp4', 'generated-media.mp4'],
    [undefined, 'audio', 'audio/wav', 'generated-media.mp3'],
    ['sunset', 'video', 'video/webm', 'sunset.webm'],
    ['photo.JPG', 'image', 'image/jpeg', 'photo.JPG'],
    ['photo.png', 'image', 'image/jpeg', 'photo.png'],
    ['tool.exe', 'image', 'image/png', 'tool.exe.png'],
    ['song.png', 'audio', 'audio/mpeg', 'song.png.mp3'],
    ['../../etc/passwd', 'image', 'image/png', 'passwd.png'],
    ['C:\\Users\\ada\\cat.gif', 'image', 'image/gif', 'cat.gif'],
    ['.hidden', 'image', 'image/png', 'hidden.png'],
    ['...', 'image', 'image/png', 'generated-media.png'],
    ['a\u0000b\u0007c', 'image', 'image/png', 'a b c.png'],
    ['evil\u202egnp.exe', 'image', 'image/png', 'evil gnp.exe.png'],
    ['"quoted" <name>?*|', 'image', 'image/png', 'quoted name.png'],
  ] as const)('%j as %s (%s) is %j', (requested, mediaType, contentType, expected) => {
    expect(downloadFilename(requested, mediaType, contentType)).toBe(expected);
  });

  it('bounds the length, keeping the extension and whole characters', () => {
    const name = downloadFilename(`${'🎬'.repeat(300)}.mp4`, 'video', 'video/mp4');
    expect(Array.from(name)).toHaveLength(DOWNLOAD_NAME_MAX_CHARACTERS);
    expect(name.endsWith('🎬.mp4')).toBe(true);
    expect(name).not.toContain('\ufffd');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII stand-in and the exact name percent-encoded (RFC 6266, RFC 8187)', () => {
    expect(attachmentDisposition("l'été (2).png")).toBe(
      `attachment; filename="l'_t_ (2).png"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%282%29.png`,
    );
    expect(attachmentDisposition('100% 🎵.mp3')).toBe(
      `attachment; filename="100_ __.mp3"; filename*=UTF-8''100%25%20%F0%9F%8E%B5.mp3`,
    );
  });
});
