import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '#server/db/schema.ts';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { mediaItemSchema, mediaUsageSchema } from '#shared/media.ts';
import {
  type FileHost,
  filesInStore,
  SAMPLE_FILES,
  startFileHost,
  storeJobOutput,
} from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { readMediaUsage, remainingMediaAllowance } from './media-quota.ts';

/*
 * Each member's share of the store (`MEDIA_QUOTA_BYTES`): every path that writes a file for a member stops at what
 * is left of it, answers 413 `storage_quota_exceeded`, and keeps nothing of the refused file. The provider's CDN
 * is a file host on 127.0.0.4, reachable only because the test app's `media.outbound` names it.
 */

const QUOTA = 10_000;
let host: FileHost;
let t: TestApp;

beforeAll(async () => {
  host = await startFileHost({ host: '127.0.0.4' });
  t = await buildTestApp({
    media: { quotaBytes: QUOTA, outbound: { extraAllowed: ['127.0.0.4'], extraPorts: [host.port] } },
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), host?.close()]);
});

/** A PNG of `bytes` bytes, streamed without a Content-Length: its size is only known as it arrives. */
const bigPng = (bytes: number, tag: string) => host.url(`/big?bytes=${bytes}&length=no&tag=${tag}`);

function saveLink(cookie: string, url: string) {
  return t.request('/api/media', { method: 'POST', cookie, body: { media_type: 'image', media_url: url } });
}

async function usageOf(cookie: string) {
  const response = await t.request('/api/media/usage', { cookie });
  expect(response.status).toBe(200);
  return mediaUsageSchema.parse(await response.json());
}

async function expectQuotaRefusal(response: Response) {
  expect(response.status, await response.clone().text()).toBe(413);
  const { error } = apiErrorBodySchema.parse(await response.json());
  expect(error.code).toBe('storage_quota_exceeded');
  expect(error.message).toBe(
    'This would go past your 9.8 KB of storage. Delete media you no longer need, then try again.',
  );
}

describe('the storage quota', () => {
  it('answers what the member keeps and the quota, counting gallery items and profile pictures', async () => {
    const { cookie, user } = await signInMember(t);
    expect(await usageOf(cookie)).toEqual({ used_bytes: 0, quota_bytes: QUOTA });

    const saved = await saveLink(cookie, bigPng(3_000, 'counted'));
    expect(saved.status).toBe(201);
    expect(mediaItemSchema.parse(await saved.json()).size_bytes).toBe(3_000);
    const avatar = await t.request('/api/profile/set-avatar', {
      method: 'POST',
      cookie,
      body: { url: host.url('/file/png?type=image/png&tag=counted-avatar') },
    });
    expect(avatar.status).toBe(200);

    const used = 3_000 + SAMPLE_FILES.png.byteLength;
    expect(await usageOf(cookie)).toEqual({ used_bytes: used, quota_bytes: QUOTA });
    const deps = { db: t.db, store: createFileMediaStore(t.media.dir), media: t.media };
    expect(await readMediaUsage(deps, user.id)).toBe(used);
    expect(await remainingMediaAllowance(deps, user.id)).toBe(QUOTA - used);
    // Another member's files are theirs alone.
    const other = await signInMember(t);
    expect(await usageOf(other.cookie)).toEqual({ used_bytes: 0, quota_bytes: QUOTA });
  });

  it('stops a link whose file streams past what is left, and keeps nothing of it', async () => {
    const { cookie, user } = await signInMember(t);
    expect((await saveLink(cookie, bigPng(6_000, 'first'))).status).toBe(201);

    await expectQuotaRefusal(await saveLink(cookie, bigPng(6_000, 'second')));
    expect(await filesInStore(t, 'media', user.id)).toHaveLength(1);
    expect(await t.db.select().from(media).where(eq(media.userId, user.id))).toHaveLength(1);
    expect((await usageOf(cookie)).used_bytes).toBe(6_000);
    // What still fits is saved as before.
    expect((await saveLink(cookie, bigPng(4_000, 'fits'))).status).toBe(201);
    expect((await usageOf(cookie)).used_bytes).toBe(10_000);
  });

  it('refuses a member with nothing left before fetching anything', async () => {
    const { cookie } = await signInMember(t);
    expect((await saveLink(cookie, bigPng(QUOTA, 'full'))).status).toBe(201);

    await expectQuotaRefusal(await saveLink(cookie, bigPng(10, 'never-fetched')));
    expect(host.requests.some((request) => request.includes('tag=never-fetched'))).toBe(false);
  });

  it('refuses a generation output larger than what is left, before copying it', async () => {
    const { cookie, user } = await signInMember(t);
    expect((await saveLink(cookie, bigPng(QUOTA - 100, 'nearly-full'))).status).toBe(201);
    const output = await storeJobOutput(t, user.id, {
      bytes: SAMPLE_FILES.png,
      contentType: 'image/png',
      extension: 'png',
    });

    await expectQuotaRefusal(await saveLink(cookie, output.url));
    expect(await filesInStore(t, 'media', user.id)).toHaveLength(1);
  });

  it('refuses an avatar or a wallpaper past the quota, and keeps the profile as it was', async () => {
    const { cookie, user } = await signInMember(t);
    expect((await saveLink(cookie, bigPng(QUOTA - 100, 'before-pictures'))).status).toBe(201);
    const picture = host.url('/file/png?type=image/png&tag=too-much');

    await expectQuotaRefusal(
      await t.request('/api/profile/set-avatar', { method: 'POST', cookie, body: { url: picture } }),
    );
    await expectQuotaRefusal(
      await t.request('/api/profile/set-wallpaper', {
        method: 'POST',
        cookie,
        body: { wallpaperUrl: picture },
      }),
    );
    await expectQuotaRefusal(
      await t.request('/api/profile', { method: 'PUT', cookie, body: { avatar_url: picture } }),
    );
    expect(await filesInStore(t, 'avatars', user.id)).toEqual([]);
    expect(await filesInStore(t, 'wallpapers', user.id)).toEqual([]);
    const profile = (await (await t.request('/api/profile', { cookie })).json()) as { avatar_url: unknown };
    expect(profile.avatar_url).toBeNull();
  });

  it('lets only as many saves started together as fit: the last to record its file is refused', async () => {
    const { cookie, user } = await signInMember(t);
    const answers = await Promise.all([
      saveLink(cookie, bigPng(6_000, 'together-a')),
      saveLink(cookie, bigPng(6_000, 'together-b')),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
    expect(await filesInStore(t, 'media', user.id)).toHaveLength(1);
    expect((await usageOf(cookie)).used_bytes).toBe(6_000);
  });
});
