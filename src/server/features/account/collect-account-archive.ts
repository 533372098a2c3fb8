import type { Db } from '#server/db/database.ts';
import type { ArchiveAdapter, CollectedFile } from '#server/lib/data/archive-adapter.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchiveContents,
  type ArchiveManifest,
  archiveKinds,
} from '#shared/account-archive.ts';

/** A stored file the archive carries: where it goes in the zip, where it is in the store, and its size. */
export type ArchiveFile = { path: string; key: string; size: number };

export type AccountArchive = { manifest: ArchiveManifest; contents: ArchiveContents; files: ArchiveFile[] };

/**
 * Everything of one member's, as the archive describes it (`#shared/account-archive.ts`): each feature's adapter
 * reads its rows, all in one read-only snapshot of the database; then the files they name are looked up in the
 * store with their sizes (a zip written with a wrong size is a broken download), outside the transaction, and a
 * file the store has lost is left out of its document. The bytes are read only as the zip is written.
 */
export async function collectAccountArchive(
  db: Db,
  store: MediaStore,
  adapters: readonly ArchiveAdapter[],
  memberId: number,
  now: Date,
): Promise<AccountArchive> {
  const parts = await db.transaction(
    async (tx) => {
      const collected = [];
      for (const adapter of adapters) collected.push(await adapter.collect(tx, memberId));
      return collected;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const contents = Object.assign({}, ...parts.map((part) => part.contents)) as ArchiveContents;
  const missing = archiveKinds.filter((kind) => contents[kind] === undefined);
  if (missing.length > 0) throw new Error(`no archive adapter exports ${missing.join(', ')}`);

  const files: ArchiveFile[] = [];
  const named: CollectedFile[] = parts.flatMap((part) => part.files);
  for (const file of named) {
    const size = await store.size(file.key);
    if (size === null) file.forget();
    else files.push({ path: file.path, key: file.key, size });
  }
  const counts = Object.fromEntries(
    archiveKinds.map((kind) => {
      const value = contents[kind];
      return [kind, Array.isArray(value) ? value.length : 1];
    }),
  );
  return {
    manifest: { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, exported_at: now.toISOString(), counts },
    contents,
    files,
  };
}
