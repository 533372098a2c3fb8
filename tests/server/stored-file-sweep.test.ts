import { randomUUID } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileOwners } from '#server/composition/stored-file-owners.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '#server/lib/infra/stored-file-sweep.ts';
import { memberWithEverything } from '#tests/factories/account.ts';
import { filesUnder } from '#tests/factories/archives.ts';
import { SAMPLE_FILES } from '#tests/factories/media-test-files.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The sweep of stored files no row names: what a crash between a file and its row leaves, or an import or save
 * cut short. Every folder the store has is owned by the feature whose rows name its files; a file a row names
 * stays, and so does one written within the grace period (its row may be on its way).
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('sweepOrphanFiles', () => {
  it('removes the old files no row names, in every folder, and keeps the rest', async () => {
    const member = await memberWithEverything(t);
    const store = createFileMediaStore(t.media.dir);
    const kept = filesUnder(t.media.dir);
    const orphans = [
      `media/${member.user.id}/left-by-a-crash.png`,
      `avatars/${member.user.id}/replaced.png`,
      `wallpapers/${member.user.id}/never-saved.png`,
      `jobs/${randomUUID()}/0.png`,
    ];
    const recent = `media/${member.user.id}/row-on-its-way.png`;
    for (const key of [...orphans, recent]) await store.put(key, SAMPLE_FILES.png);
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    for (const key of [...orphans, ...kept]) utimesSync(path.join(t.media.dir, key), old, old);

    const swept = await sweepOrphanFiles({
      store,
      owners: storedFileOwners(t.db),
      now: new Date(),
      logger: createLogger('silent'),
    });

    expect(swept.removed).toBe(orphans.length);
    expect(filesUnder(t.media.dir)).toEqual([...kept, recent].sort());
  });
});
