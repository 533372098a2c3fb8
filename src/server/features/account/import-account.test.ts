import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { tasks } from '#server/db/schema.ts';
import type { AccountImportSummary } from '#shared/account.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_LIMITS,
  type ArchiveContents,
  EMPTY_ARCHIVE_PROFILE,
} from '#shared/account-archive.ts';
import { memberWithEverything, rowCountsNaming } from '#tests/factories/account.ts';
import {
  archiveWith,
  entryNamesOf,
  entrySizeOf,
  filesUnder,
  importInto,
  manifest,
  mediaItem,
  now,
  patched,
  post,
  task,
  without,
  zipOf,
} from '#tests/factories/archives.ts';
import { commentAs, createPostAs, toggleLikeAs } from '#tests/factories/community.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Import: an archive exported on one Lumara comes back whole on a fresh one, into a fresh member, with
 * nothing lost or changed but ids; a second import adds nothing; a corpus of malformed and hostile archives is
 * each refused with a clear 4xx and writes nothing, neither rows nor files.
 */

let source: TestApp;
let target: TestApp;

beforeAll(async () => {
  [source, target] = await Promise.all([buildTestApp(), buildTestApp()]);
});

afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
});

async function exportOf(t: TestApp, cookie: string): Promise<Buffer> {
  const response = await t.request('/api/account/export', { cookie });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Every document of an archive, read back through the exporter on the member's account. */
async function contentsOf(t: TestApp, cookie: string): Promise<ArchiveContents> {
  const { createArchiveReader, openAccountArchive } = await import('./read-account-archive.ts');
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lumara-import-test-'));
  try {
    const file = path.join(folder, 'a.zip');
    writeFileSync(file, await exportOf(t, cookie));
    const archive = await openAccountArchive(createArchiveReader(), file, t.media.maxBytes);
    archive.close();
    return archive.contents;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The archive's documents with what may change on import taken out: ids, file paths, and links to them, and when
 * a badge was earned (badges are earned again on import, not copied).
 */
function comparable(contents: ArchiveContents) {
  return JSON.parse(
    JSON.stringify(contents, (key, value: unknown) =>
      ['id', 'post_id', 'file', 'avatar_file', 'wallpaper_file', 'earned_at'].includes(key)
        ? undefined
        : value,
    ),
  ) as unknown;
}

describe('POST /api/account/import: a round trip', () => {
  it('brings everything back on a fresh server, nothing lost or changed; a second import adds nothing', async () => {
    const ada = await memberWithEverything(source);
    const grace = await signInMember(source);
    const morning = await createPostAs(source, ada.cookie, {
      title: 'Morning pages',
      body: 'Three of them.',
    });
    await createPostAs(source, ada.cookie, { title: 'Evening pages' });
    await commentAs(source, ada.cookie, morning.id, 'Day one');
    await toggleLikeAs(source, ada.cookie, morning.id);
    const graces = await createPostAs(source, grace.cookie, { title: 'Grace asks' });
    await commentAs(source, ada.cookie, graces.id, 'An answer');
    const archive = await exportOf(source, ada.cookie);
    const exported = await contentsOf(source, ada.cookie);

    // The factories date some rows by the database's own clock: the target's clock is moved past them, so none is
    // later than the import (which would be moved back to its time).
    target.clock.advance(Date.now() + 60_000 - target.clock.now().getTime());
    const newcomer = await signInMember(target);
    const preview = await importInto(target, newcomer.cookie, archive, 'preview');
    expect(preview.status).toBe(200);
    const planned = (await preview.json()) as AccountImportSummary;
    expect(planned.applied).toBe(false);
    expect(planned.kinds).toContainEqual({ kind: 'tasks', in_archive: 1, to_add: 1 });
    expect(planned.kinds).toContainEqual({ kind: 'community_posts', in_archive: 2, to_add: 2 });
    // The comment on Grace's post stays in the archive only.
    expect(planned.not_imported).toBe(1);
    // A preview writes nothing.
    expect((await contentsOf(target, newcomer.cookie)).tasks).toEqual([]);

    const applied = await importInto(target, newcomer.cookie, archive, 'apply');
    expect(applied.status).toBe(200);
    expect(((await applied.json()) as AccountImportSummary).applied).toBe(true);

    const imported = await contentsOf(target, newcomer.cookie);
    const onOthers = (item: { post_id: number | null }) => item.post_id !== null;
    expect(comparable(imported)).toEqual(
      comparable({
        ...exported,
        community_comments: exported.community_comments.filter(onOthers),
        community_likes: exported.community_likes.filter(onOthers),
      }),
    );
    // The files came along (the store holds the imported copies, checked as uploads are).
    expect(imported.media[0]?.file).toMatch(/^media\//);
    expect(imported.profile.avatar_file).toBe('profile/avatar.png');
    // The comment and the like point at the new post, whose counts say so.
    const feed = (await (
      await target.request('/api/community/posts', { cookie: newcomer.cookie })
    ).json()) as {
      posts: { title: string; likes: number; comments_count: number; author_id: number }[];
    };
    expect(feed.posts.find((post) => post.title === 'Morning pages')).toMatchObject({
      likes: 1,
      comments_count: 1,
      author_id: newcomer.user.id,
    });
    const tasks = (await (
      await target.request('/api/tasks', { cookie: newcomer.cookie })
    ).json()) as unknown[];
    expect(tasks).toHaveLength(1);

    const before = await rowCountsNaming(target, newcomer.user.id);
    const again = await importInto(target, newcomer.cookie, archive, 'apply');
    expect(again.status).toBe(200);
    const second = (await again.json()) as AccountImportSummary;
    expect(second.kinds.every((kind) => kind.to_add === 0)).toBe(true);
    expect(await rowCountsNaming(target, newcomer.user.id)).toEqual(before);
  });
});

/** Each: a name, the body sent, the status it gets, and words its message must hold. */
const hostileArchives: {
  name: string;
  body: () => Promise<Buffer | string>;
  status: number;
  says: RegExp;
}[] = [
  {
    name: 'not a zip at all',
    body: async () => 'PK? no, just text',
    status: 400,
    says: /not a Lumara archive/,
  },
  { name: 'an empty body', body: async () => '', status: 400, says: /Send the archive/ },
  {
    name: 'a zip cut short',
    body: async () => (await zipOf(archiveWith())).subarray(0, 200),
    status: 400,
    says: /not a Lumara archive/,
  },
  {
    name: 'no manifest',
    body: () => zipOf(without(archiveWith(), 'manifest.json')),
    status: 400,
    says: /manifest\.json is missing/,
  },
  {
    name: 'another format',
    body: () => zipOf(archiveWith({ 'manifest.json': manifest.replace(ARCHIVE_FORMAT, 'someone-else') })),
    status: 400,
    says: /manifest\.json/,
  },
  {
    name: 'a version from the future',
    body: () => zipOf(archiveWith({ 'manifest.json': manifest.replace('"version":1', '"version":2') })),
    status: 400,
    says: /manifest\.json at version/,
  },
  {
    name: 'a document that is not JSON',
    body: () => zipOf(archiveWith({ 'tasks.json': '[{"title": ' })),
    status: 400,
    says: /tasks\.json is not JSON/,
  },
  {
    name: 'a task in no column',
    body: () => zipOf(archiveWith({ 'tasks.json': JSON.stringify([task({ status: 'someday' })]) })),
    status: 400,
    says: /tasks\.json at 0\.status/,
  },
  {
    name: 'a NUL in a title',
    body: () => zipOf(archiveWith({ 'tasks.json': JSON.stringify([task({ title: 'a\u0000b' })]) })),
    status: 400,
    says: /NUL/,
  },
  {
    name: 'two tasks with one id',
    body: () => zipOf(archiveWith({ 'tasks.json': JSON.stringify([task(), task({ title: 'Other' })]) })),
    status: 400,
    says: /share an id/,
  },
  {
    name: 'a path out of the archive (..)',
    body: async () => patched(await zipOf(archiveWith({ 'xx/evil.png': 'x' })), 'xx/evil.png', '../evil.png'),
    status: 400,
    says: /invalid relative path/,
  },
  {
    name: 'an absolute path',
    body: async () => patched(await zipOf(archiveWith({ 'xetc/passwd': 'x' })), 'xetc/passwd', '/etc/passwd'),
    status: 400,
    says: /absolute path/,
  },
  {
    name: 'a part of a list after a missing one',
    body: () => zipOf(archiveWith({ 'tasks-3.json': '[]' })),
    status: 400,
    says: /tasks-3\.json follows no part before it/,
  },
  {
    name: 'a file the format does not have',
    body: () => zipOf(archiveWith({ 'notes.txt': 'hello' })),
    status: 400,
    says: /notes\.txt is not part of the format/,
  },
  {
    name: 'one name twice',
    body: async () => {
      const zip = new yazl.ZipFile();
      for (const [name, content] of Object.entries(archiveWith())) zip.addBuffer(Buffer.from(content), name);
      zip.addBuffer(Buffer.from('[]'), 'tasks.json');
      zip.end();
      const chunks: Buffer[] = [];
      for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    status: 400,
    says: /tasks\.json is in it twice/,
  },
  {
    name: 'a zip bomb: a document that unpacks past the limit',
    body: () => zipOf(archiveWith({ 'tasks.json': Buffer.alloc(65 * 1024 * 1024, 0x20) }), ['tasks.json']),
    status: 400,
    says: /larger than it may be/,
  },
  {
    name: 'an entry that unpacks to more than it declares',
    body: async () => {
      const big = `[${' '.repeat(200_000)}]`;
      const zip = await zipOf(archiveWith({ 'tasks.json': big }), ['tasks.json']);
      // The declared size (local header and central directory) says 2 bytes: reading must stop there.
      const size = Buffer.alloc(4);
      size.writeUInt32LE(big.length);
      const small = Buffer.alloc(4);
      small.writeUInt32LE(2);
      const out = Buffer.from(zip);
      for (let at = out.indexOf(size); at !== -1; at = out.indexOf(size, at + 1)) small.copy(out, at);
      return out;
    },
    status: 400,
    says: /not a Lumara archive|too many bytes|larger/,
  },
  {
    name: 'a media item whose file is missing',
    body: () => zipOf(archiveWith({ 'media.json': JSON.stringify([mediaItem('media/3.png')]) })),
    status: 400,
    says: /media\/3\.png is named but not in the archive/,
  },
  {
    name: 'a comment on a post the archive does not hold',
    body: () =>
      zipOf(
        archiveWith({
          'community-comments.json': JSON.stringify([
            { post_id: 99, post_title: 'Gone', body: 'Hi', helpful_at: null, created_at: now },
          ]),
        }),
      ),
    status: 400,
    says: /names a post it does not hold/,
  },
  {
    name: 'a page dressed as a picture',
    body: () =>
      zipOf(
        archiveWith({
          'media.json': JSON.stringify([mediaItem('media/3.png')]),
          'media/3.png': '<html><script>alert(1)</script></html>',
        }),
      ),
    status: 415,
    says: /not a supported image/,
  },
  {
    name: 'a widget framing a page over plain http',
    body: () =>
      zipOf(
        archiveWith({
          'widgets.json': JSON.stringify([
            {
              type: 'iframe',
              title: 'Phish',
              url: 'http://evil.example/login',
              col_span: 6,
              row_span: 6,
              order_index: 0,
              created_at: now,
            },
          ]),
        }),
      ),
    status: 400,
    says: /widgets\.json at 0/,
  },
  {
    name: 'a track that is not a Suno song',
    body: () =>
      zipOf(
        archiveWith({
          'music-tracks.json': JSON.stringify([
            {
              title: 'Not Suno',
              suno_url: 'https://evil.example/song',
              embed_src: 'https://evil.example/frame',
              created_at: now,
            },
          ]),
        }),
      ),
    status: 400,
    says: /music-tracks\.json at 0/,
  },
  {
    name: 'a wallpaper that would load another site',
    body: () =>
      zipOf(
        archiveWith({
          'profile.json': JSON.stringify({
            ...EMPTY_ARCHIVE_PROFILE,
            wallpaper_css: 'url(https://evil.example/x.png)',
          }),
        }),
      ),
    status: 400,
    says: /profile\.json at wallpaper_css/,
  },
  {
    name: 'a post with a language Lumara does not write',
    body: () => zipOf(archiveWith({ 'community-posts.json': JSON.stringify([{ ...post, lang: 'fr' }]) })),
    status: 400,
    says: /community-posts\.json at 0\.lang/,
  },
];

describe('POST /api/account/import: a member with more than one document holds', () => {
  it('exports a long list in parts, each within the limit, and imports every item back', async () => {
    const heavy = await signInMember(source);
    const count = 18_000;
    const title = (index: number) =>
      `A task with a title long enough to fill the archive quickly, number ${index}`;
    for (let start = 0; start < count; start += 1_000) {
      await source.db.insert(tasks).values(
        Array.from({ length: Math.min(1_000, count - start) }, (_, offset) => ({
          userId: heavy.user.id,
          title: title(start + offset),
          status: 'todo' as const,
          position: start + offset,
          createdAt: new Date('2026-11-01T10:00:00Z'),
          updatedAt: new Date('2026-11-01T10:00:00Z'),
        })),
      );
    }
    const archive = await exportOf(source, heavy.cookie);
    const names = await entryNamesOf(archive);
    const parts = names.filter((name) => /^tasks(-\d+)?\.json$/.test(name));
    // Two or three parts, as long as a task's item is (its plan fields and completions take room too).
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts).toEqual(['tasks.json', ...parts.slice(1).map((_, i) => `tasks-${i + 2}.json`)]);
    for (const part of parts)
      expect(await entrySizeOf(archive, part)).toBeLessThanOrEqual(ARCHIVE_LIMITS.documentBytesMax);

    const newcomer = await signInMember(target);
    const applied = await importInto(target, newcomer.cookie, archive, 'apply');
    expect(applied.status).toBe(200);
    expect((await applied.json()) as AccountImportSummary).toMatchObject({ applied: true });
    const imported = await target.db
      .select({ title: tasks.title })
      .from(tasks)
      .where(eq(tasks.userId, newcomer.user.id));
    expect(imported).toHaveLength(count);
  }, 120_000);
});

describe('POST /api/account/import: malformed and hostile archives', () => {
  it(`refuses each of ${hostileArchives.length} with a clear 4xx, and writes nothing`, async () => {
    expect(hostileArchives.length).toBeGreaterThanOrEqual(15);
    const member = await signInMember(target);
    await createPostAs(target, member.cookie, { title: 'Already mine' });
    const rowsBefore = await rowCountsNaming(target, member.user.id);
    const filesBefore = filesUnder(target.media.dir);
    for (const hostile of hostileArchives) {
      // A new hour for each: the archives are many more than a member may send in one.
      target.clock.advance(60 * 60_000);
      for (const mode of ['preview', 'apply'] as const) {
        const response = await importInto(target, member.cookie, await hostile.body(), mode);
        expect(response.status, `${hostile.name} (${mode})`).toBe(hostile.status);
        const body = (await response.json()) as { error: { message: string } };
        expect(body.error.message, hostile.name).toMatch(hostile.says);
      }
    }
    expect(await rowCountsNaming(target, member.user.id)).toEqual(rowsBefore);
    expect(filesUnder(target.media.dir)).toEqual(filesBefore);
  });

  it('asks for a member, and a well-formed empty archive adds nothing', async () => {
    const response = await target.app.request(new URL('/api/account/import', target.appUrl).toString(), {
      method: 'POST',
      headers: { origin: target.appUrl.origin, 'content-type': 'application/zip' },
      body: new Uint8Array(await zipOf(archiveWith())),
    });
    expect(response.status).toBe(401);
    // Any other type is refused as every write refuses what is not its type.
    const member0 = await signInMember(target);
    const json = await target.request('/api/account/import', {
      method: 'POST',
      cookie: member0.cookie,
      body: {},
    });
    expect(json.status).toBe(415);
    const member = await signInMember(target);
    const empty = await importInto(target, member.cookie, await zipOf(archiveWith()), 'apply');
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as AccountImportSummary).kinds.every((kind) => kind.to_add === 0)).toBe(
      true,
    );
  });
});
