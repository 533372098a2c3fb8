import type http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, tracks } from '#server/db/schema.ts';
import { resolveRedirect } from '#server/lib/infra/safe-fetch.ts';
import { type Track, trackListSchema, trackSchema } from '#shared/music.ts';
import { signInMember } from '#tests/factories/members.ts';
import { addTrackAs, buildSunoSongUrl } from '#tests/factories/tracks.ts';
import { startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The music library. Short links go through the real resolveRedirect to a local HTTP server on 127.0.0.2
 * playing suno.com (a `lookup` answers its name, `extraAllowed` lets the address through): nothing reaches
 * the internet.
 */

const UUID = '0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b';
const EMBED = `https://suno.com/embed/${UUID}`;
const SONG = `https://suno.com/song/${UUID}`;

/** What the fake suno.com answers under /s/<id>. */
const shortLinks: Record<string, (response: http.ServerResponse) => void> = {
  good: (r) => r.writeHead(301, { location: SONG }).end(),
  // Relative Location, on the same fake host: resolved against the short link.
  relative: (r) => r.writeHead(302, { location: `/song/${UUID.toUpperCase()}` }).end(),
  elsewhere: (r) => r.writeHead(301, { location: `https://suno.com.evil.example/song/${UUID}` }).end(),
  again: (r) => r.writeHead(301, { location: 'https://suno.com/s/good' }).end(),
  profile: (r) => r.writeHead(301, { location: 'https://suno.com/@someone' }).end(),
  nowhere: (r) => r.writeHead(200, { 'content-type': 'text/html' }).end('<p>no redirect</p>'),
  down: (r) => r.socket?.destroy(),
};

let server: TestServer;
let shortLinkRequests: string[] = [];
let t: TestApp;

beforeAll(async () => {
  server = await startTestServer(
    (request, response) => {
      shortLinkRequests.push(`${request.method} ${request.url}`);
      const id = /^\/s\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '';
      const answer = shortLinks[id];
      if (answer) answer(response);
      else response.writeHead(404).end();
    },
    { host: '127.0.0.2' },
  );
  t = await buildTestApp({
    // The short link as the app hands it over (https://suno.com/s/…), sent to the fake over plain HTTP.
    resolveShortLink: async (url) => {
      const local = new URL(url);
      const target = await resolveRedirect(`http://suno.test:${server.port}${local.pathname}`, {
        lookup: async () => [{ address: '127.0.0.2', family: 4 }],
        extraAllowed: ['127.0.0.2'],
        // 443: the Location the fake answers names https://suno.com (read, never connected to).
        allowPorts: [server.port, 443],
        timeoutMs: 5_000,
      });
      // A relative Location resolves onto the fake host; map it back to suno.com as the real one would be.
      return target?.replace(`http://suno.test:${server.port}`, 'https://suno.com') ?? null;
    },
  });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

const add = (cookie: string, input: unknown) =>
  t.request('/api/music/add-embed', { method: 'POST', cookie, body: { input } });

async function listAs(cookie: string): Promise<Track[]> {
  const response = await t.request('/api/music/list', { cookie });
  expect(response.status).toBe(200);
  return trackListSchema.parse(await response.json());
}

async function trackCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(tracks);
  return row?.n ?? 0;
}

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('music library', () => {
  it('adds a song link, derives the embed and a title, and lists tracks newest first', async () => {
    const { cookie } = await signInMember(t);
    expect(await listAs(cookie)).toEqual([]);
    const response = await add(cookie, `  ${SONG}  `);
    expect(response.status).toBe(201);
    const track = trackSchema.parse(await response.json());
    expect(track).toEqual({
      id: expect.any(Number),
      title: `Suno song ${UUID.slice(0, 8)}`,
      suno_url: SONG,
      embed_src: EMBED,
    });
    t.clock.advance(1_000);
    const newer = await addTrackAs(t, cookie);
    expect(await listAs(cookie)).toEqual([newer, track]);
  });

  it.each([
    ['a song link', SONG],
    ['a song link on www', `https://www.suno.com/song/${UUID}`],
    ['a song link with a share query and a fragment', `${SONG}?sh=AbCdEf123#top`],
    ['a song link with a trailing slash', `${SONG}/`],
    ['an upper-case song id', `https://suno.com/song/${UUID.toUpperCase()}`],
    ['an old suno.ai link', `https://suno.ai/song/${UUID}`],
    ['an old app.suno.ai link', `https://app.suno.ai/song/${UUID}`],
    ['an http link', `http://suno.com/song/${UUID}`],
    ['an embed URL', EMBED],
    ['an /embed/song/ URL', `https://suno.com/embed/song/${UUID}`],
    [
      'embed code',
      `<iframe src="${EMBED}" width="760" height="240"><a href="${SONG}">Listen on Suno</a></iframe>`,
    ],
    [
      'embed code with an event handler and a script',
      `<iframe onload="alert(1)" src='${EMBED}'></iframe><script>alert(2)</script>`,
    ],
    ['embed code with entities in its src', `<iframe src="https&#58;//suno.com/embed/${UUID}"></iframe>`],
  ])('accepts %s and stores only the rebuilt embed URL', async (_label, input) => {
    const { cookie } = await signInMember(t);
    const requestsBefore = shortLinkRequests.length;
    const response = await add(cookie, input);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ suno_url: SONG, embed_src: EMBED });
    // Only short links are ever fetched.
    expect(shortLinkRequests.length).toBe(requestsBefore);
  });

  it.each([
    ['a short link', 'https://suno.com/s/good'],
    ['a short link on www with a relative redirect', 'https://www.suno.com/s/relative'],
  ])('follows %s to its song through a real HTTP redirect', async (_label, input) => {
    const { cookie } = await signInMember(t);
    shortLinkRequests = [];
    const response = await add(cookie, input);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ suno_url: SONG, embed_src: EMBED });
    expect(shortLinkRequests[0]).toMatch(/^HEAD \/s\//);
  });

  it.each([
    ['leads to a lookalike host', 'https://suno.com/s/elsewhere', 400],
    ['leads to another short link', 'https://suno.com/s/again', 400],
    ['leads to something that is not a song', 'https://suno.com/s/profile', 400],
    ['does not redirect', 'https://suno.com/s/nowhere', 400],
    ['is unknown', 'https://suno.com/s/unknown', 400],
  ])('refuses a short link that %s, and writes nothing', async (_label, input, status) => {
    const { cookie } = await signInMember(t);
    const before = await trackCount();
    const response = await add(cookie, input);
    expect(response.status).toBe(status);
    const error = await errorOf(response);
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/Suno short link/);
    expect(await trackCount()).toBe(before);
  });

  it('answers 502 provider_failed with a readable message when the short link cannot be followed', async () => {
    const { cookie } = await signInMember(t);
    const before = await trackCount();
    const response = await add(cookie, 'https://suno.com/s/down');
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({
      code: 'provider_failed',
      message: expect.stringContaining('Could not follow that Suno short link'),
    });
    expect(await trackCount()).toBe(before);
  });

  const xssCorpus = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe src="&#106;avascript:alert(1)"></iframe>',
    '<iframe src="&#x6A;avascript&colon;alert(1)"></iframe>',
    '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
    '<iframe src="vbscript:msgbox(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>" src="https://suno.com/embed/0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b"></iframe>',
    `<iframe src="${EMBED}"></iframe><iframe src="https://evil.example/"></iframe>`,
    `<iframe src="${EMBED}" src="https://evil.example/"></iframe>`,
    `<iframe src="https://suno.com.evil.example/embed/${UUID}"></iframe>`,
    `<iframe src="https://suno.com@evil.example/embed/${UUID}"></iframe>`,
    `<iframe src="https://evil.example/?u=https://suno.com/embed/${UUID}"></iframe>`,
    `<iframe src="${EMBED}`,
    '<iframe></iframe>',
    '<svg onload=alert(1)>',
    '"><script>alert(1)</script>',
    `<iframe src="//suno.com/embed/${UUID}"></iframe>`,
    `<iframe src="https://suno.com/embed/${UUID}?x=1" style="x:expression(alert(1))" onload=alert(1) src=x></iframe>`,
  ];

  const badInputs: [string, unknown][] = [
    ['empty', ''],
    ['whitespace', '   \n\t  '],
    ['not a string', 42],
    ['too long', `${SONG}?${'x'.repeat(5000)}`],
    ['not a link', 'my favourite song'],
    ['a YouTube link', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a lookalike host', `https://suno.com.evil.example/song/${UUID}`],
    ['a lookalike with a dash', `https://suno-com.example/song/${UUID}`],
    ['a user-info trick', `https://suno.com@evil.example/song/${UUID}`],
    ['a host ending in suno.com', `https://evilsuno.com/song/${UUID}`],
    ['an encoded dot', `https://suno%2ecom.evil.example/song/${UUID}`],
    ['a Suno page that is not a song', 'https://suno.com/@someone'],
    ['a song id that is not a uuid', 'https://suno.com/song/abc'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<p>x</p>'],
    ['a backslash', `https://suno.com\\song/${UUID}`],
    ['a zero-width space', `https://suno.com/song/${UUID}\u200b`],
    ...xssCorpus.map((code, i): [string, unknown] => [`XSS embed code #${i + 1}`, code]),
  ];

  it.each(badInputs)('answers 400 to %s, with the reason, and writes nothing', async (_label, input) => {
    const { cookie, user } = await signInMember(t);
    const before = await trackCount();
    const requestsBefore = shortLinkRequests.length;
    const response = await add(cookie, input);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(['bad_request', 'validation_failed']).toContain(error.code);
    // A sentence for the member, never the generic validation text.
    expect(error.message).not.toBe('Some fields are missing or wrong');
    expect(error.message.length).toBeGreaterThan(10);
    expect(await trackCount()).toBe(before);
    expect(shortLinkRequests.length).toBe(requestsBefore);
    expect(await t.db.select().from(badges).where(eq(badges.userId, user.id))).toEqual([]);
  });

  it('answers 400 to a body without input or with extra fields', async () => {
    const { cookie } = await signInMember(t);
    for (const body of [{}, { input: SONG, user_id: 1 }, 'not json']) {
      const response = await t.request('/api/music/add-embed', { method: 'POST', cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await listAs(cookie)).toEqual([]);
  });

  it('awards Playlist Princess once, on the first track', async () => {
    const { cookie, user } = await signInMember(t);
    const earned = async () =>
      (await t.db.select().from(badges).where(eq(badges.userId, user.id))).map((b) => b.badgeType);
    expect(await earned()).toEqual([]);
    await addTrackAs(t, cookie);
    expect(await earned()).toEqual(['playlist_princess']);
    const first = await t.db.select().from(badges).where(eq(badges.userId, user.id));
    t.clock.advance(60_000);
    await addTrackAs(t, cookie);
    expect(await t.db.select().from(badges).where(eq(badges.userId, user.id))).toEqual(first);
    const api = await t.request('/api/badges', { cookie });
    expect(await api.json()).toEqual([
      { badge_type: 'playlist_princess', earned_at: first[0]?.earnedAt.toISOString() },
    ]);
  });

  it('deletes a track', async () => {
    const { cookie } = await signInMember(t);
    const keep = await addTrackAs(t, cookie);
    const gone = await addTrackAs(t, cookie);
    const response = await t.request(`/api/music/tracks/${gone.id}`, { method: 'DELETE', cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await listAs(cookie)).toEqual([keep]);
    expect((await t.request(`/api/music/tracks/${gone.id}`, { method: 'DELETE', cookie })).status).toBe(404);
  });

  it('never shows or deletes another member’s track: 404, and the track is untouched', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const track = await addTrackAs(t, owner.cookie);
    expect(await listAs(other.cookie)).toEqual([]);
    const response = await t.request(`/api/music/tracks/${track.id}`, {
      method: 'DELETE',
      cookie: other.cookie,
    });
    expect(response.status).toBe(404);
    expect(await listAs(owner.cookie)).toEqual([track]);
  });

  it('answers 404 to ids that name nothing', async () => {
    const { cookie } = await signInMember(t);
    for (const id of ['0', '-1', 'abc', '99999999', '1e3', '9999999999999']) {
      expect((await t.request(`/api/music/tracks/${id}`, { method: 'DELETE', cookie })).status).toBe(404);
    }
  });

  it('asks for sign-in', async () => {
    expect((await t.request('/api/music/list')).status).toBe(401);
    expect((await add('', SONG)).status).toBe(401);
  });
});

// The factory's ids must be ones parseSunoInput accepts.
it('builds valid song links', () => {
  expect(buildSunoSongUrl().url).toMatch(/^https:\/\/suno\.com\/song\/[0-9a-f-]{36}$/);
});
