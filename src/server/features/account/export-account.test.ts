import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from '#shared/account-archive.ts';
import { memberWithEverything } from '#tests/factories/account.ts';
import { commentAs, createPostAs, toggleLikeAs } from '#tests/factories/community.ts';
import { SAMPLE_FILES } from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { createArchiveReader, type OpenedArchive, openAccountArchive } from './read-account-archive.ts';

/**
 * Export: `GET /api/account/export` answers one zip, of a size known from its first byte, holding a
 * README, the manifest, a JSON document per kind and the member's files, and nothing of anyone else's. The archive
 * is read back with the importer's own reader, which checks it against the format.
 */

let t: TestApp;
let scratch: string;

beforeAll(async () => {
  t = await buildTestApp();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'lumara-export-test-'));
});

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

let downloads = 0;

/** Exports as the member and opens what came back. */
async function exportAs(
  cookie: string,
): Promise<{ response: Response; archive: OpenedArchive; file: string }> {
  const response = await t.request('/api/account/export', { cookie });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  downloads += 1;
  const file = path.join(scratch, `export-${downloads}.zip`);
  writeFileSync(file, bytes);
  expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
  return { response, archive: await openAccountArchive(createArchiveReader(), file, t.media.maxBytes), file };
}

async function readFileOf(archive: OpenedArchive, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await archive.openFile(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('GET /api/account/export', () => {
  it('is one zip of everything of the member’s, in the documented format', async () => {
    const ada = await memberWithEverything(t);
    const grace = await signInMember(t);
    const own = await createPostAs(t, ada.cookie, { title: 'Morning pages' });
    const theirs = await createPostAs(t, grace.cookie, { title: 'Grace asks' });
    await commentAs(t, ada.cookie, own.id, 'Day one');
    await commentAs(t, ada.cookie, theirs.id, 'An answer');
    await toggleLikeAs(t, ada.cookie, theirs.id);

    const { response, archive, file } = await exportAs(ada.cookie);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="lumara-export-\d{4}-\d\d-\d\d\.zip"$/,
    );
    try {
      expect(archive.manifest).toMatchObject({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION });
      const { contents } = archive;
      expect(contents.tasks.map((task) => task.title)).toEqual(['Private plan']);
      expect(contents.pomodoro_sessions).toHaveLength(1);
      expect(contents.music_tracks).toHaveLength(1);
      expect(contents.widgets).toHaveLength(1);
      expect(contents.quick_actions).toHaveLength(1);
      expect(contents.chat_threads).toMatchObject([
        {
          title: 'My secrets',
          memory: 'Likes early mornings.',
          messages: [
            { role: 'user', content: 'Remember my plan' },
            { role: 'assistant', content: 'I will.' },
          ],
        },
      ]);
      expect(contents.profile).toMatchObject({ display_name: 'Ada at work', tags: ['focus', 'tea'] });
      expect(contents.community_posts.map((post) => post.title)).toEqual(['Morning pages']);
      // A comment on their own post points into the archive; one on Grace's keeps only its title.
      expect(contents.community_comments).toMatchObject([
        { post_id: own.id, body: 'Day one' },
        { post_id: null, post_title: 'Grace asks', body: 'An answer' },
      ]);
      expect(contents.community_likes).toMatchObject([{ post_id: null, post_title: 'Grace asks' }]);
      expect(archive.manifest.counts).toMatchObject({ tasks: 1, chat_threads: 1, community_comments: 2 });

      // The files ride along, byte for byte.
      const [item] = contents.media;
      expect(item?.file).toMatch(/^media\/\d+\.jpg$/);
      expect(await readFileOf(archive, item?.file ?? '')).toEqual(Buffer.from(SAMPLE_FILES.jpeg));
      expect(contents.profile.avatar_file).toBe('profile/avatar.png');
      expect(await readFileOf(archive, 'profile/avatar.png')).toEqual(Buffer.from(SAMPLE_FILES.png));
      expect(contents.profile.wallpaper_file).toBeNull();

      // The README says what the archive is.
      const zip = await yauzl.openPromise(file, { lazyEntries: true });
      for await (const entry of zip.eachEntry()) {
        if (entry.fileName !== 'README.md') continue;
        const readme = await text(await zip.openReadStreamPromise(entry));
        expect(readme).toContain(`Format \`${ARCHIVE_FORMAT}\`, version ${ARCHIVE_VERSION}`);
        expect(readme).toContain('`tasks.json`');
      }
      zip.close();
    } finally {
      archive.close();
    }
  });

  it('holds nothing of another member’s, and an empty account exports an empty archive', async () => {
    const ada = await memberWithEverything(t);
    await createPostAs(t, ada.cookie, { title: 'Only Ada’s' });
    const grace = await signInMember(t);
    const { archive } = await exportAs(grace.cookie);
    try {
      for (const [kind, count] of Object.entries(archive.manifest.counts)) {
        expect(count, kind).toBe(kind === 'profile' ? 1 : 0);
      }
      expect(archive.files.size).toBe(0);
      expect(JSON.stringify(archive.contents)).not.toContain('Private plan');
    } finally {
      archive.close();
    }
  });

  it('asks for a member', async () => {
    expect((await t.request('/api/account/export')).status).toBe(401);
  });
});
