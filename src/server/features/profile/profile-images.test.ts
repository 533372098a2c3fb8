import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { profileSchema, setAvatarResponseSchema, setWallpaperResponseSchema } from '#shared/profile.ts';
import { createPostAs } from '#tests/factories/community.ts';
import {
  type FileHost,
  filesInStore,
  SAMPLE_FILES,
  startFileHost,
  storeJobOutput,
} from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * `POST /api/profile/set-avatar` and `set-wallpaper` copy the picture into Lumara's store (provider links
 * expire) and the profile names Lumara's copy; `GET /api/avatars/…` serves it to every signed-in member,
 * `GET /api/wallpapers/…` to its owner only. The provider's CDN is a file host on 127.0.0.3, reachable only
 * because the test app's `media.outbound` names it.
 */

let host: FileHost;
let t: TestApp;

beforeAll(async () => {
  host = await startFileHost({ host: '127.0.0.3' });
  t = await buildTestApp({ media: { outbound: { extraAllowed: ['127.0.0.3'], extraPorts: [host.port] } } });
});
afterAll(async () => {
  await Promise.all([t?.close(), host?.close()]);
});

const pngUrl = (tag: string) => host.url(`/file/png?type=image/png&tag=${tag}`);
const GRADIENT = 'radial-gradient(circle at 30% 40%, #ff7eb3 0%, #0b0b1a 70%)';

async function setAvatar(cookie: string, url: string) {
  return t.request('/api/profile/set-avatar', { method: 'POST', cookie, body: { url } });
}

async function setAvatarOk(cookie: string, url: string): Promise<string | null> {
  const response = await setAvatar(cookie, url);
  expect(response.status, await response.clone().text()).toBe(200);
  return setAvatarResponseSchema.parse(await response.json()).avatar_url;
}

async function setWallpaper(cookie: string, body: Record<string, unknown>) {
  return t.request('/api/profile/set-wallpaper', { method: 'POST', cookie, body });
}

describe('POST /api/profile/set-avatar', () => {
  it('copies the picture into the store and every signed-in member can load the copy', async () => {
    const owner = await signInMember(t);
    const viewer = await signInMember(t);
    const avatarUrl = await setAvatarOk(owner.cookie, pngUrl('avatar'));
    expect(avatarUrl).toMatch(new RegExp(`^/api/avatars/${owner.user.id}/[0-9a-f-]{36}\\.png$`));
    expect(await filesInStore(t, 'avatars', owner.user.id)).toHaveLength(1);

    for (const cookie of [owner.cookie, viewer.cookie]) {
      const image = await t.request(avatarUrl ?? '', { cookie });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(SAMPLE_FILES.png);
    }
    expect((await t.request(avatarUrl ?? '')).status).toBe(401);

    const profile = profileSchema.parse(
      await (await t.request('/api/profile', { cookie: owner.cookie })).json(),
    );
    expect(profile.avatar_url).toBe(avatarUrl);
  });

  it('replaces the previous copy, keeps it when the same path comes back, and clears with an empty url', async () => {
    const { cookie, user } = await signInMember(t);
    const first = await setAvatarOk(cookie, pngUrl('first'));
    const second = await setAvatarOk(cookie, pngUrl('second'));
    expect(second).not.toBe(first);
    expect(await filesInStore(t, 'avatars', user.id)).toEqual([path.basename(second ?? '')]);
    expect((await t.request(first ?? '', { cookie })).status).toBe(404);

    const requestsBefore = host.requests.length;
    expect(await setAvatarOk(cookie, second ?? '')).toBe(second);
    expect(host.requests.length).toBe(requestsBefore);

    expect(await setAvatarOk(cookie, '')).toBeNull();
    expect(await filesInStore(t, 'avatars', user.id)).toEqual([]);
    expect((await t.request(second ?? '', { cookie })).status).toBe(404);
  });

  it('keeps exactly one stored copy when two changes race', async () => {
    const { cookie, user } = await signInMember(t);
    await setAvatarOk(cookie, pngUrl('race-0'));
    await Promise.all([setAvatarOk(cookie, pngUrl('race-1')), setAvatarOk(cookie, pngUrl('race-2'))]);
    const profile = profileSchema.parse(await (await t.request('/api/profile', { cookie })).json());
    expect(await filesInStore(t, 'avatars', user.id)).toEqual([path.basename(profile.avatar_url ?? '')]);
  });

  it('copies one of the member’s own generation outputs, and answers 404 for another member’s', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const output = await storeJobOutput(t, owner.user.id, {
      bytes: SAMPLE_FILES.png,
      contentType: 'image/png',
      extension: 'png',
    });
    expect((await setAvatar(other.cookie, output.url)).status).toBe(404);
    expect(await filesInStore(t, 'avatars', other.user.id)).toEqual([]);
    expect(await setAvatarOk(owner.cookie, output.url)).toMatch(/^\/api\/avatars\//);
  });

  it('refuses what is not a picture, a private address, and links that could run script', async () => {
    const { cookie, user } = await signInMember(t);
    const html = await setAvatar(cookie, host.url('/file/html?type=text/html'));
    expect(html.status).toBe(415);
    // Loopback is refused unless configured: 127.0.0.1 is not in this app's allowances.
    const privateAddress = await setAvatar(cookie, 'http://127.0.0.1:9/secret.png');
    expect(privateAddress.status).toBeGreaterThanOrEqual(400);
    expect(privateAddress.status).toBeLessThan(500);
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'file:///etc/passwd']) {
      const refused = await setAvatar(cookie, url);
      expect(refused.status).toBe(400);
      expect(Object.keys(apiErrorBodySchema.parse(await refused.json()).error.fields ?? {})).toEqual(['url']);
    }
    // Another member's picture path is not a source.
    const someoneElses = await setAvatar(cookie, '/api/avatars/1/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11.png');
    expect(someoneElses.status).toBe(400);
    expect(await filesInStore(t, 'avatars', user.id)).toEqual([]);
  });

  it('serves only the copy the profile names, under its exact name', async () => {
    const { cookie, user } = await signInMember(t);
    const avatarUrl = (await setAvatarOk(cookie, pngUrl('exact'))) ?? '';
    const file = path.basename(avatarUrl);
    for (const probe of [
      `/api/avatars/${user.id}/${file.replace('.png', '.jpg')}`,
      `/api/avatars/${user.id}/..%2F..%2Fsecret.png`,
      `/api/avatars/${user.id + 1000}/${file}`,
      `/api/avatars/not-a-number/${file}`,
    ]) {
      expect((await t.request(probe, { cookie })).status, probe).toBe(404);
    }
  });
});

describe('POST /api/profile/set-wallpaper', () => {
  it('copies the wallpaper, serves it to its owner only, and saves the CSS', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const response = await setWallpaper(owner.cookie, {
      wallpaperUrl: pngUrl('wall'),
      wallpaperCss: GRADIENT,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = setWallpaperResponseSchema.parse(await response.json());
    expect(saved.wallpaper_css).toBe(GRADIENT);
    expect(saved.wallpaper_url).toMatch(new RegExp(`^/api/wallpapers/${owner.user.id}/[0-9a-f-]{36}\\.png$`));

    expect((await t.request(saved.wallpaper_url ?? '', { cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(saved.wallpaper_url ?? '', { cookie: other.cookie })).status).toBe(404);

    const me = await (await t.request('/api/profile/me', { cookie: owner.cookie })).json();
    expect(me).toMatchObject({ wallpaper_url: saved.wallpaper_url, wallpaper_css: GRADIENT });
  });

  it('leaves an omitted field unchanged and clears an empty one', async () => {
    const { cookie, user } = await signInMember(t);
    await setWallpaper(cookie, { wallpaperUrl: pngUrl('keep'), wallpaperCss: GRADIENT });
    const cssOnly = setWallpaperResponseSchema.parse(
      await (await setWallpaper(cookie, { wallpaperCss: '' })).json(),
    );
    expect(cssOnly.wallpaper_css).toBeNull();
    expect(cssOnly.wallpaper_url).toMatch(/^\/api\/wallpapers\//);

    const cleared = setWallpaperResponseSchema.parse(
      await (await setWallpaper(cookie, { wallpaperUrl: '' })).json(),
    );
    expect(cleared).toEqual({ wallpaper_url: null, wallpaper_css: null });
    expect(await filesInStore(t, 'wallpapers', user.id)).toEqual([]);
  });

  it('refuses script in the CSS and writes nothing', async () => {
    const { cookie } = await signInMember(t);
    for (const css of ['url(https://evil.example.com/a.png)', 'expression(alert(1))', '</style><script>']) {
      const refused = await setWallpaper(cookie, { wallpaperUrl: pngUrl('never'), wallpaperCss: css });
      expect(refused.status).toBe(400);
      expect(Object.keys(apiErrorBodySchema.parse(await refused.json()).error.fields ?? {})).toEqual([
        'wallpaperCss',
      ]);
    }
    const profile = profileSchema.parse(await (await t.request('/api/profile', { cookie })).json());
    expect(profile).toMatchObject({ wallpaper_url: null, wallpaper_css: null });
  });

  it('replaces a stored copy with a copy of the link PUT /api/profile names, and removes the old one', async () => {
    const { cookie, user } = await signInMember(t);
    await setWallpaper(cookie, { wallpaperUrl: pngUrl('before-put') });
    const [before] = await filesInStore(t, 'wallpapers', user.id);
    const put = await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      body: { wallpaper_url: pngUrl('put-wallpaper') },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const saved = profileSchema.parse(await put.json()).wallpaper_url;
    expect(saved).toMatch(new RegExp(`^/api/wallpapers/${user.id}/[0-9a-f-]{36}\\.png$`));
    const after = await filesInStore(t, 'wallpapers', user.id);
    expect(after).toHaveLength(1);
    expect(after).not.toContain(before);
  });
});

describe('PUT /api/profile with an outside avatar link', () => {
  it('copies the picture into the store: every answer names the copy, never the outside host', async () => {
    const owner = await signInMember(t);
    const reader = await signInMember(t);
    const link = pngUrl('put-avatar');
    const put = await t.request('/api/profile', {
      method: 'PUT',
      cookie: owner.cookie,
      body: { avatar_url: link },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const avatar = profileSchema.parse(await put.json()).avatar_url;
    expect(avatar).toMatch(new RegExp(`^/api/avatars/${owner.user.id}/[0-9a-f-]{36}\\.png$`));
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, owner.user.id));
    expect(row?.avatarUrl).toBe(avatar);

    // The reader's browser loads Lumara's copy, not the outside host: it tells that host nothing.
    const served = await t.request(avatar ?? '', { cookie: reader.cookie });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(SAMPLE_FILES.png);
    await createPostAs(t, owner.cookie, { title: 'Copied avatar' });
    const posts = await t.request('/api/community/posts', { cookie: reader.cookie });
    const answers = [
      await posts.text(),
      await (await t.request('/api/profile/me', { cookie: owner.cookie })).text(),
      await (await t.request('/api/profile', { cookie: owner.cookie })).text(),
    ];
    for (const answer of answers) expect(answer).not.toContain(host.origin);
    expect(answers[0]).toContain(avatar);
  });

  it('refuses a link that is not a picture, and keeps nothing', async () => {
    const { cookie, user } = await signInMember(t);
    const refused = await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      body: {
        display_name: 'Never saved',
        avatar_url: host.url('/file/html?type=text/html&tag=not-a-picture'),
      },
    });
    expect(refused.status).toBe(415);
    expect(await filesInStore(t, 'avatars', user.id)).toEqual([]);
    const profile = profileSchema.parse(await (await t.request('/api/profile', { cookie })).json());
    expect(profile).toMatchObject({ display_name: null, avatar_url: null });
  });

  it('reads an outside link saved before pictures were copied as no picture, and copies it when sent again', async () => {
    const { cookie, user } = await signInMember(t);
    const link = pngUrl('old-row');
    await t.db.insert(profiles).values({ userId: user.id, avatarUrl: link, wallpaperUrl: link });
    expect(profileSchema.parse(await (await t.request('/api/profile', { cookie })).json())).toMatchObject({
      avatar_url: null,
      wallpaper_url: null,
    });
    expect(
      ((await (await t.request('/api/profile/me', { cookie })).json()) as Record<string, unknown>).avatar_url,
    ).toBeNull();

    const put = await t.request('/api/profile', { method: 'PUT', cookie, body: { avatar_url: link } });
    expect(profileSchema.parse(await put.json()).avatar_url).toMatch(/^\/api\/avatars\//);
    expect(await filesInStore(t, 'avatars', user.id)).toHaveLength(1);
  });
});
