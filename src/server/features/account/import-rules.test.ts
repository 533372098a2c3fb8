import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, communityPosts } from '#server/db/schema.ts';
import type { AccountImportSummary } from '#shared/account.ts';
import { ARCHIVE_LIMITS } from '#shared/account-archive.ts';
import { AI_LIMITS } from '#shared/ai.ts';
import { COMMUNITY_LIMITS } from '#shared/community.ts';
import { rowCountsNaming } from '#tests/factories/account.ts';
import {
  archiveWith,
  filesUnder,
  importInto,
  mediaItem,
  now,
  post,
  task,
  zipOf,
} from '#tests/factories/archives.ts';
import { SAMPLE_FILES } from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * An archive is untrusted input: it goes through the rules every route holds a write to, it cannot fill the
 * store or the server's memory, and it is planned in time linear in its size. Each case here was let through
 * before the import was rebuilt on the features' own adapters.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // The clock after the archives' own dates (`now`): what they say happened, happened before the import.
  t.clock.advance(Date.parse('2026-12-01T00:00:00Z') - t.clock.now().getTime());
});

afterAll(async () => {
  await t.close();
});

async function imported(cookie: string, archive: Buffer): Promise<Response> {
  // A new hour for each import: the tests send more than a member may in one.
  t.clock.advance(60 * 60_000);
  return importInto(t, cookie, archive, 'apply');
}

const json = (value: unknown) => JSON.stringify(value);

/** A PNG followed by `size` zero bytes: a picture as far as its type tells, compressing about 1000:1. */
const paddedPicture = (size: number) => Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(size)]);

describe('an import cannot fill the store', () => {
  it('refuses an archive whose items name one file, and writes nothing', async () => {
    const member = await signInMember(t);
    const filesBefore = filesUnder(t.media.dir);
    const items = [1, 2, 3, 4, 5].map((id) => ({
      ...mediaItem('media/1.png'),
      id,
      source_url: `https://example.test/${id}.png`,
    }));
    const response = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'media.json': json(items), 'media/1.png': SAMPLE_FILES.png })),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /media\/1\.png is named by two items/,
    );
    expect(filesUnder(t.media.dir)).toEqual(filesBefore);
  });

  it('holds each file to MEDIA_MAX_BYTES, a compressed one too, before writing any', async () => {
    const member = await signInMember(t);
    const filesBefore = filesUnder(t.media.dir);
    const bomb = paddedPicture(t.media.maxBytes + 1);
    const archive = await zipOf(
      archiveWith({ 'media.json': json([mediaItem('media/3.png')]), 'media/3.png': bomb }),
      ['media/3.png'],
    );
    expect(archive.length).toBeLessThan(bomb.length / 100);
    const response = await imported(member.cookie, archive);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /media\/3\.png is larger than it may be/,
    );
    expect(filesUnder(t.media.dir)).toEqual(filesBefore);
  });

  it('removes every file it wrote when a later one is refused', async () => {
    const member = await signInMember(t);
    const filesBefore = filesUnder(t.media.dir);
    const rowsBefore = await rowCountsNaming(t, member.user.id);
    const items = [1, 2, 3, 4].map((id) => ({
      ...mediaItem(`media/${id}.png`),
      id,
      source_url: `https://example.test/${id}.png`,
    }));
    const response = await imported(
      member.cookie,
      await zipOf(
        archiveWith({
          'media.json': json(items),
          'media/1.png': SAMPLE_FILES.png,
          'media/2.png': SAMPLE_FILES.png,
          'media/3.png': SAMPLE_FILES.png,
          'media/4.png': '<html>not a picture</html>',
        }),
      ),
    );
    expect(response.status).toBe(415);
    expect(filesUnder(t.media.dir)).toEqual(filesBefore);
    expect(await rowCountsNaming(t, member.user.id)).toEqual(rowsBefore);
  });

  it('counts against the member’s storage quota, as every saved file does', async () => {
    const small = await buildTestApp({ media: { quotaBytes: 8 * 1024 } });
    try {
      const member = await signInMember(small);
      const filesBefore = filesUnder(small.media.dir);
      const items = [1, 2].map((id) => ({
        ...mediaItem(`media/${id}.png`),
        id,
        source_url: `https://example.test/${id}.png`,
      }));
      const archive = await zipOf(
        archiveWith({
          'media.json': json(items),
          'media/1.png': paddedPicture(5 * 1024),
          'media/2.png': paddedPicture(5 * 1024),
        }),
      );
      const response = await importInto(small, member.cookie, archive, 'apply');
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'storage_quota_exceeded',
      );
      expect(filesUnder(small.media.dir)).toEqual(filesBefore);
    } finally {
      await small.close();
    }
  });
});

describe('an import cannot take the server’s memory', () => {
  it(`refuses a list document past ${ARCHIVE_LIMITS.documentBytesMax / 1024 / 1024} MB, valid as it may be`, async () => {
    const member = await signInMember(t);
    const tasks: unknown[] = [];
    let size = 2;
    for (let id = 1; size <= ARCHIVE_LIMITS.documentBytesMax; id += 1) {
      const item = task({ id, title: `Task number ${id} with a title of some length` });
      size += json(item).length + 1;
      tasks.push(item);
    }
    const response = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'tasks.json': json(tasks) }), ['tasks.json']),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /tasks\.json is larger than it may be/,
    );
  });

  it('holds the profile, one object, to a few hundred KB', async () => {
    const member = await signInMember(t);
    const padded = `${' '.repeat(ARCHIVE_LIMITS.smallDocumentBytesMax)}${archiveWith()['profile.json']}`;
    const response = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'profile.json': padded }), ['profile.json']),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /profile\.json is larger than it may be/,
    );
  });
});

describe('an import holds each item to the rules of its route', () => {
  it('never takes badges: it earns them again from what it imported', async () => {
    const member = await signInMember(t);
    const done = Array.from({ length: 25 }, (_, index) =>
      task({ id: index + 1, title: `Done ${index + 1}`, status: 'done', completed_at: now }),
    );
    const response = await imported(
      member.cookie,
      await zipOf(
        archiveWith({
          'badges.json': json([
            { badge_type: 'community_star', earned_at: now },
            { badge_type: 'glow_mentor', earned_at: now },
          ]),
          'tasks.json': json(done),
          'community-posts.json': json([post]),
        }),
      ),
    );
    expect(response.status).toBe(200);
    const badges = (await (await t.request('/api/badges', { cookie: member.cookie })).json()) as {
      badge_type: string;
    }[];
    expect(badges.map((badge) => badge.badge_type).sort()).toEqual(['first_flight', 'task_warrior']);
  });

  it('dates nothing later than the import', async () => {
    const member = await signInMember(t);
    const response = await imported(
      member.cookie,
      await zipOf(
        archiveWith({
          'community-posts.json': json([
            { ...post, created_at: '2099-01-01T00:00:00.000Z', updated_at: '2099-01-01T00:00:00.000Z' },
          ]),
        }),
      ),
    );
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(communityPosts).where(eq(communityPosts.authorId, member.user.id));
    expect(row?.createdAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('keeps the posting limit: no minute holds more posts than a member may write in one', async () => {
    const member = await signInMember(t);
    const burst = Array.from({ length: COMMUNITY_LIMITS.postsPerMinute + 1 }, (_, index) => ({
      ...post,
      id: index + 1,
      title: `Burst ${index + 1}`,
    }));
    const response = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'community-posts.json': json(burst) })),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /more posts in one minute than a member may write/,
    );
    // The same posts a minute apart are what a member could have written.
    const spread = burst.map((item, index) => ({
      ...item,
      created_at: new Date(Date.parse(now) - index * 60_000).toISOString(),
    }));
    const accepted = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'community-posts.json': json(spread) })),
    );
    expect(accepted.status).toBe(200);
  });

  it('never gives a member more than 50 quick actions', async () => {
    const member = await signInMember(t);
    const actions = Array.from({ length: 51 }, (_, index) => ({
      label: `Action ${index + 1}`,
      icon: '✨',
      category: 'General',
      payload: {
        provider: 'openrouter',
        model: 'openai/gpt-4o-mini',
        type: 'chat',
        maxChars: 4000,
        promptTemplate: 'Do this with {{selection}}',
      },
      created_at: now,
    }));
    const response = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'quick-actions.json': json(actions) })),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /more than 50 quick actions/,
    );
  });

  it('holds chat messages to the chat’s limits: a member’s refused past them, a model’s cut', async () => {
    const member = await signInMember(t);
    const thread = (content: string, role: 'user' | 'assistant') => ({
      id: 1,
      title: 'Long',
      memory: '',
      archived_at: null,
      created_at: now,
      updated_at: now,
      messages: [{ role, content, provider: null, model: null, stopped: false, created_at: now }],
    });
    const tooLong = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'chat-threads.json': json([thread('x'.repeat(8_001), 'user')]) })),
    );
    expect(tooLong.status).toBe(400);
    const cut = await imported(
      member.cookie,
      await zipOf(archiveWith({ 'chat-threads.json': json([thread('y'.repeat(200_000), 'assistant')]) })),
    );
    expect(cut.status).toBe(200);
    const [message] = await t.db.select().from(chatMessages).where(eq(chatMessages.userId, member.user.id));
    expect(message?.content.length).toBe(AI_LIMITS.messageMax);
  });
});

describe('an import is planned in time linear in its size', () => {
  it(`takes ${ARCHIVE_LIMITS.itemsMax.toLocaleString('en')} items of one kind, each once`, async () => {
    const member = await signInMember(t);
    const start = Date.parse(now);
    const likes = Array.from({ length: ARCHIVE_LIMITS.itemsMax }, (_, index) => ({
      post_id: index % 2 === 0 ? 7 : null,
      post_title: 'Mine',
      created_at: new Date(start - index * 1000).toISOString(),
    }));
    const archive = await zipOf(
      archiveWith({ 'community-posts.json': json([post]), 'community-likes.json': json(likes) }),
      ['community-likes.json'],
    );
    const response = await imported(member.cookie, archive);
    expect(response.status).toBe(200);
    const summary = (await response.json()) as AccountImportSummary;
    // One like per member and post: the archive's 50,000 on its one post are one like; the others' stay behind.
    expect(summary.kinds).toContainEqual({
      kind: 'community_likes',
      in_archive: ARCHIVE_LIMITS.itemsMax,
      to_add: 1,
    });
    expect(summary.not_imported).toBe(ARCHIVE_LIMITS.itemsMax / 2);
  });
});
