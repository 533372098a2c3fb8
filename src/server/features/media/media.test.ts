import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '#server/db/schema.ts';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { type MediaCreate, type MediaItem, mediaItemSchema, mediaPageSchema } from '#shared/media.ts';
import {
  type FileHost,
  SAMPLE_FILES,
  startFileHost,
  storeJobOutput,
} from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * Saving a finished generation copies it into Lumara's store, the gallery lists, favorites and
 * deletes, and the stored copy is what the member's browser loads. The provider's CDN is a file host on
 * 127.0.0.2, reachable only because the test app's `media.outbound` names it (as UNSAFE_OUTBOUND_ALLOW would).
 */

let host: FileHost;
let t: TestApp;
/** The same app with a 2 KB cap, for the 413 cases. */
let small: TestApp;

beforeAll(async () => {
  host = await startFileHost({ host: '127.0.0.2' });
  const outbound = { extraAllowed: ['127.0.0.2'], extraPorts: [host.port] };
  [t, small] = await Promise.all([
    buildTestApp({ media: { outbound } }),
    buildTestApp({ media: { outbound, maxBytes: 2048 } }),
  ]);
});

afterAll(async () => {
  await Promise.all([t?.close(), small?.close(), host?.close()]);
});

const pngUrl = (tag: string) => host.url(`/file/png?type=image/png&tag=${tag}`);

async function save(app: TestApp, cookie: string, body: MediaCreate) {
  return app.request('/api/media', { method: 'POST', cookie, body });
}

async function saveItem(cookie: string, body: MediaCreate): Promise<MediaItem> {
  const response = await save(t, cookie, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return mediaItemSchema.parse(await response.json());
}

async function errorOf(response: Response) {
  return apiErrorBodySchema.parse(await response.json()).error;
}

/** Every file under the member's part of the store. */
async function storedFiles(app: TestApp, userId: number): Promise<string[]> {
  try {
    return await readdir(path.join(app.media.dir, 'media', String(userId)));
  } catch {
    return [];
  }
}

async function storageKeyOf(id: number): Promise<string> {
  const [row] = await t.db.select({ key: media.storageKey }).from(media).where(eq(media.id, id));
  if (!row) throw new Error(`no media ${id}`);
  return row.key;
}

describe('POST /api/media', () => {
  it('copies a provider file into the store and serves the copy, never the provider link', async () => {
    const { cookie, user } = await signInMember(t);
    const source = pngUrl('copy');
    const item = await saveItem(cookie, {
      media_type: 'image',
      media_url: source,
      prompt: 'a lighthouse at dusk',
      model_id: 'fal-ai/flux/schnell',
      title: 'Lighthouse',
    });
    expect(item).toMatchObject({
      media_type: 'image',
      media_url: `/api/media/${item.id}/file`,
      prompt: 'a lighthouse at dusk',
      model_id: 'fal-ai/flux/schnell',
      title: 'Lighthouse',
      is_favorite: false,
      content_type: 'image/png',
      size_bytes: SAMPLE_FILES.png.byteLength,
    });
    expect(JSON.stringify(item)).not.toContain(host.origin);
    const key = await storageKeyOf(item.id);
    expect(key).toMatch(new RegExp(`^media/${user.id}/[0-9a-f-]{36}\\.png$`));

    const file = await t.request(item.media_url, { cookie });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(SAMPLE_FILES.png);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-length')).toBe(String(SAMPLE_FILES.png.byteLength));
    expect(file.headers.get('content-disposition')).toBe('inline');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toMatch(/(^|; )sandbox$/);
    expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(file.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers the first item when the same link is saved again, and fetches it only once', async () => {
    const { cookie, user } = await signInMember(t);
    const source = pngUrl('twice');
    const first = await saveItem(cookie, { media_type: 'image', media_url: source, title: 'First' });
    const again = await save(t, cookie, { media_type: 'image', media_url: ` ${source} `, title: 'Second' });
    expect(again.status).toBe(200);
    expect(mediaItemSchema.parse(await again.json())).toEqual(first);
    expect(host.requests.filter((request) => request.includes('tag=twice'))).toHaveLength(1);
    expect(await storedFiles(t, user.id)).toHaveLength(1);
  });

  it('keeps one item and one file when the same link is saved twice at once', async () => {
    const { cookie, user } = await signInMember(t);
    const body: MediaCreate = { media_type: 'image', media_url: pngUrl('race') };
    const answers = await Promise.all([save(t, cookie, body), save(t, cookie, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const items = await Promise.all(
      answers.map(async (answer) => mediaItemSchema.parse(await answer.json())),
    );
    expect(items[0]?.id).toBe(items[1]?.id);
    expect(await storedFiles(t, user.id)).toHaveLength(1);
  });

  it('lets two members save the same link, each getting their own item', async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const body: MediaCreate = { media_type: 'image', media_url: pngUrl('shared') };
    const first = await saveItem(ada.cookie, body);
    const second = await saveItem(grace.cookie, body);
    expect(second.id).not.toBe(first.id);
  });

  it('copies a job output of the member inside the store, by relative or absolute link', async () => {
    const { cookie, user } = await signInMember(t);
    const output = await storeJobOutput(t, user.id, {
      bytes: SAMPLE_FILES.jpeg,
      contentType: 'image/jpeg',
      extension: 'jpg',
    });
    const item = await saveItem(cookie, { media_type: 'image', media_url: output.url, title: 'Inline' });
    expect(item).toMatchObject({ content_type: 'image/jpeg', size_bytes: SAMPLE_FILES.jpeg.byteLength });
    const key = await storageKeyOf(item.id);
    expect(key).toMatch(/\.jpg$/);
    expect(key).not.toBe(output.key);

    const absolute = await save(t, cookie, {
      media_type: 'image',
      media_url: `${t.appUrl.origin}${output.url}`,
    });
    expect(absolute.status).toBe(200);
    expect(mediaItemSchema.parse(await absolute.json()).id).toBe(item.id);

    // The gallery item is a copy: deleting it leaves the job's own output in place.
    expect((await t.request(`/api/media/${item.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    const store = createFileMediaStore(t.media.dir);
    expect(await store.size(output.key)).toBe(SAMPLE_FILES.jpeg.byteLength);
  });

  it("answers 404 for another member's job output, and copies nothing", async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const output = await storeJobOutput(t, owner.user.id, {
      bytes: SAMPLE_FILES.png,
      contentType: 'image/png',
      extension: 'png',
    });
    const answer = await save(t, other.cookie, { media_type: 'image', media_url: output.url });
    expect(answer.status).toBe(404);
    expect(await storedFiles(t, other.user.id)).toEqual([]);
  });

  it('answers 502 with a clear message when the provider does not have the file', async () => {
    const { cookie, user } = await signInMember(t);
    const answer = await save(t, cookie, { media_type: 'image', media_url: host.url('/status/404') });
    expect(answer.status).toBe(502);
    const error = await errorOf(answer);
    expect(error.code).toBe('provider_failed');
    expect(error.message).toMatch(/could not be downloaded.*404/);
    expect(await storedFiles(t, user.id)).toEqual([]);
  });

  it('answers 413 for a file over the size cap, declared or not', async () => {
    const { cookie, user } = await signInMember(small);
    for (const length of ['yes', 'no']) {
      const answer = await save(small, cookie, {
        media_type: 'image',
        media_url: host.url(`/big?bytes=4096&length=${length}`),
      });
      expect(answer.status).toBe(413);
      expect((await errorOf(answer)).code).toBe('payload_too_large');
    }
    const fits = await save(small, cookie, {
      media_type: 'image',
      media_url: host.url('/big?bytes=2048&length=yes'),
    });
    expect(fits.status).toBe(201);
    expect(await storedFiles(small, user.id)).toHaveLength(1);
  });

  it('answers 415 when the file is not the kind of media it is saved as', async () => {
    const { cookie, user } = await signInMember(t);
    const cases: Array<{ media_type: MediaCreate['media_type']; path: string }> = [
      { media_type: 'image', path: '/file/html?type=text/html' },
      // A type we keep, but the bytes are a page: the header alone is not believed.
      { media_type: 'image', path: '/file/html?type=image/png' },
      { media_type: 'image', path: '/file/html?type=none' },
      { media_type: 'image', path: '/file/jpeg?type=image/png' },
      { media_type: 'video', path: '/file/png?type=image/png' },
      { media_type: 'audio', path: '/file/mp4?type=video/mp4' },
      { media_type: 'image', path: '/file/png?type=image/svg%2Bxml' },
    ];
    for (const { media_type, path: filePath } of cases) {
      const answer = await save(t, cookie, { media_type, media_url: host.url(filePath) });
      expect(answer.status, `${media_type} ${filePath}`).toBe(415);
      expect((await errorOf(answer)).code).toBe('unsupported_media_type');
    }
    expect(await storedFiles(t, user.id)).toEqual([]);
  });

  it('recognises the file by its bytes when the provider does not say what it is', async () => {
    const { cookie } = await signInMember(t);
    const cases = [
      { media_type: 'image', path: '/file/jpeg?type=application/octet-stream', type: 'image/jpeg' },
      { media_type: 'video', path: '/file/mp4?type=none', type: 'video/mp4' },
      { media_type: 'audio', path: '/file/mp3?type=audio/mp3', type: 'audio/mpeg' },
      { media_type: 'image', path: '/file/png?type=IMAGE/PNG;%20charset=binary', type: 'image/png' },
    ] as const;
    for (const { media_type, path: filePath, type } of cases) {
      const item = await saveItem(cookie, { media_type, media_url: host.url(filePath) });
      expect(item.content_type, filePath).toBe(type);
    }
  });

  it('refuses links that are neither http(s) nor a job output of the member (400), fetching nothing', async () => {
    const { cookie } = await signInMember(t);
    const before = host.requests.length;
    for (const link of [
      'data:image/png;base64,iVBORw0KGgo=',
      'file:///etc/passwd',
      'javascript:alert(1)',
      '/api/media/1/file',
      '/etc/passwd',
      'relative/image.png',
      `${t.appUrl.origin}/api/users/me`,
      'http://',
    ]) {
      const answer = await save(t, cookie, { media_type: 'image', media_url: link });
      expect(answer.status, link).toBe(400);
    }
    expect(host.requests.length).toBe(before);
  });

  it('checks the body before anything else (400 with the failing fields)', async () => {
    const { cookie } = await signInMember(t);
    const cases: unknown[] = [
      {},
      { media_type: 'document', media_url: pngUrl('x') },
      { media_type: 'image', media_url: '' },
      { media_type: 'image', media_url: pngUrl('x'), title: 'x'.repeat(201) },
      'not json',
    ];
    for (const body of cases) {
      const answer = await t.request('/api/media', { method: 'POST', cookie, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /api/media', () => {
  it('pages newest first with a cursor and counts every match', async () => {
    const { cookie } = await signInMember(t);
    const saved: MediaItem[] = [];
    for (let index = 0; index < 5; index++) {
      saved.push(await saveItem(cookie, { media_type: 'image', media_url: pngUrl(`page-${index}`) }));
    }
    const newestFirst = saved.map((item) => item.id).reverse();
    const seen: number[] = [];
    let cursor = '';
    for (let pageNumber = 0; pageNumber < 3; pageNumber++) {
      const answer = await t.request(`/api/media?limit=2&cursor=${cursor}`, { cookie });
      expect(answer.status).toBe(200);
      const page = mediaPageSchema.parse(await answer.json());
      expect(page.total).toBe(5);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor === null ? '' : String(page.nextCursor);
      if (pageNumber < 2) expect(page.nextCursor).not.toBeNull();
      else expect(page.nextCursor).toBeNull();
    }
    expect(seen).toEqual(newestFirst);
    // A page past the end has no item to carry the count: it is still every match.
    const pastTheEnd = await t.request(`/api/media?limit=2&cursor=${Math.min(...newestFirst)}`, { cookie });
    expect(mediaPageSchema.parse(await pastTheEnd.json())).toEqual({ items: [], nextCursor: null, total: 5 });
  });

  it('filters by type, favorites and text in the title or prompt', async () => {
    const { cookie } = await signInMember(t);
    const sunset = await saveItem(cookie, {
      media_type: 'image',
      media_url: pngUrl('filter-1'),
      title: 'Sunset over the bay',
      prompt: 'warm light',
    });
    const film = await saveItem(cookie, {
      media_type: 'video',
      media_url: host.url('/file/mp4?type=video/mp4&tag=filter-2'),
      prompt: 'a SUNSET timelapse',
    });
    const song = await saveItem(cookie, {
      media_type: 'audio',
      media_url: host.url('/file/mp3?type=audio/mpeg&tag=filter-3'),
      title: '100% focus',
    });
    await t.request(`/api/media/${film.id}/favorite`, { method: 'PUT', cookie, body: {} });

    const ids = async (query: string) => {
      const answer = await t.request(`/api/media?${query}`, { cookie });
      expect(answer.status, query).toBe(200);
      const page = mediaPageSchema.parse(await answer.json());
      expect(page.total).toBe(page.items.length);
      return page.items.map((item) => item.id);
    };
    expect(await ids('type=all')).toEqual([song.id, film.id, sunset.id]);
    expect(await ids('type=video')).toEqual([film.id]);
    expect(await ids('type=audio')).toEqual([song.id]);
    expect(await ids('favorites=true')).toEqual([film.id]);
    expect(await ids('q=sunset')).toEqual([film.id, sunset.id]);
    expect(await ids('q=sunset&type=image')).toEqual([sunset.id]);
    // LIKE's wildcards are the member's text: "100%" is not "100 and anything".
    expect(await ids('q=100%25')).toEqual([song.id]);
    expect(await ids('q=_')).toEqual([]);
  });

  it('refuses a malformed query with 400', async () => {
    const { cookie } = await signInMember(t);
    for (const query of ['limit=0', 'limit=101', 'cursor=-1', 'type=document', 'favorites=yes']) {
      expect((await t.request(`/api/media?${query}`, { cookie })).status, query).toBe(400);
    }
  });
});

describe('PUT /api/media/{id}/favorite and DELETE /api/media/{id}', () => {
  it('toggles the favorite mark', async () => {
    const { cookie } = await signInMember(t);
    const item = await saveItem(cookie, { media_type: 'image', media_url: pngUrl('fav') });
    const toggle = async () => {
      const answer = await t.request(`/api/media/${item.id}/favorite`, { method: 'PUT', cookie, body: {} });
      expect(answer.status).toBe(200);
      return mediaItemSchema.parse(await answer.json()).is_favorite;
    };
    expect(await toggle()).toBe(true);
    expect(await toggle()).toBe(false);
  });

  it('removes the item and its stored file', async () => {
    const { cookie } = await signInMember(t);
    const item = await saveItem(cookie, { media_type: 'image', media_url: pngUrl('delete') });
    const key = await storageKeyOf(item.id);
    const store = createFileMediaStore(t.media.dir);
    expect(await store.size(key)).toBe(SAMPLE_FILES.png.byteLength);

    const answer = await t.request(`/api/media/${item.id}`, { method: 'DELETE', cookie });
    expect(answer.status).toBe(200);
    expect(await store.size(key)).toBeNull();
    expect((await t.request(item.media_url, { cookie })).status).toBe(404);
    expect((await t.request(`/api/media/${item.id}`, { method: 'DELETE', cookie })).status).toBe(404);
    // Saved again after a delete, the link is a new item.
    const again = await save(t, cookie, { media_type: 'image', media_url: pngUrl('delete') });
    expect(again.status).toBe(201);
  });
});

describe("another member's media", () => {
  it('is 404 on every route and absent from their list', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const source = pngUrl('private');
    const item = await saveItem(owner.cookie, { media_type: 'image', media_url: source, title: 'Mine' });
    const cookie = other.cookie;
    const answers = [
      await t.request(item.media_url, { cookie }),
      await t.request(`/api/media/${item.id}/favorite`, { method: 'PUT', cookie, body: {} }),
      await t.request(`/api/media/${item.id}`, { method: 'DELETE', cookie }),
      await t.request(`/api/download?url=${encodeURIComponent(item.media_url)}`, { cookie }),
      await t.request(`/api/download?url=${encodeURIComponent(source)}`, { cookie }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    const list = mediaPageSchema.parse(await (await t.request('/api/media', { cookie })).json());
    expect(list).toEqual({ items: [], nextCursor: null, total: 0 });

    // Nothing changed for the owner.
    const mine = mediaPageSchema.parse(
      await (await t.request('/api/media', { cookie: owner.cookie })).json(),
    );
    expect(mine.items).toEqual([item]);
    expect((await t.request(item.media_url, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe('GET /api/media/{id}/file', () => {
  it('answers byte ranges so video and audio can seek', async () => {
    const { cookie } = await signInMember(t);
    const item = await saveItem(cookie, {
      media_type: 'video',
      media_url: host.url('/file/mp4?type=video/mp4&tag=range'),
    });
    const size = SAMPLE_FILES.mp4.byteLength;
    const ranged = async (range: string) => t.request(item.media_url, { cookie, headers: { range } });

    const head = await ranged('bytes=0-7');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-7/${size}`);
    expect(head.headers.get('content-length')).toBe('8');
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(SAMPLE_FILES.mp4.subarray(0, 8));

    const tail = await ranged('bytes=-10');
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(SAMPLE_FILES.mp4.subarray(size - 10));

    const open = await ranged(`bytes=${size - 4}-`);
    expect(open.headers.get('content-range')).toBe(`bytes ${size - 4}-${size - 1}/${size}`);
    expect((await open.arrayBuffer()).byteLength).toBe(4);

    const past = await ranged(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(past.headers.get('cache-control')).toBe('no-store');
    await past.arrayBuffer();

    const headOnly = await t.request(item.media_url, { method: 'HEAD', cookie });
    expect(headOnly.status).toBe(200);
    expect(headOnly.headers.get('content-length')).toBe(String(size));
    expect((await headOnly.arrayBuffer()).byteLength).toBe(0);

    // Several ranges, or a header we do not read, get the whole file.
    for (const range of ['bytes=0-1,4-5', 'pages=1-2', 'bytes=5-1']) {
      const whole = await ranged(range);
      expect(whole.status, range).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(size);
    }
  });
});
