import { inArray, or } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { profiles } from '#server/db/schema.ts';
import type { StoredFileOwner } from '#server/lib/infra/stored-file-sweep.ts';

/** The avatars and wallpapers (`avatars/<member>/…`, `wallpapers/<member>/…`): named by the profiles' keys. */
export function profileStoredFiles(db: Db): StoredFileOwner[] {
  const named = async (keys: readonly string[]) => {
    const rows = await db
      .select({ avatar: profiles.avatarKey, wallpaper: profiles.wallpaperKey })
      .from(profiles)
      .where(or(inArray(profiles.avatarKey, [...keys]), inArray(profiles.wallpaperKey, [...keys])));
    return new Set(rows.flatMap((row) => [row.avatar, row.wallpaper].filter((key) => key !== null)));
  };
  return [
    { prefix: 'avatars/', named },
    { prefix: 'wallpapers/', named },
  ];
}
