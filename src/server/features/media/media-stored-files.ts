import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { media } from '#server/db/schema.ts';
import type { StoredFileOwner } from '#server/lib/infra/stored-file-sweep.ts';

/** The gallery's files (`media/<member>/…`): each named by its row's storage key. */
export function mediaStoredFiles(db: Db): StoredFileOwner {
  return {
    prefix: 'media/',
    async named(keys) {
      const rows = await db
        .select({ key: media.storageKey })
        .from(media)
        .where(inArray(media.storageKey, [...keys]));
      return new Set(rows.map((row) => row.key));
    },
  };
}
