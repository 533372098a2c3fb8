import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { profiles } from '#server/db/schema.ts';
import { extensionOf } from '#server/lib/data/media-content-types.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { StoredFile } from '#server/lib/http/serve-stored-file.ts';
import { STORED_IMAGE_FILE_PATTERN } from '#shared/profile.ts';
import { type ImportMediaDeps, importMediaFile } from '../media/import-media-file.ts';
import { findProfile, type ProfileRow } from './profile.service.ts';

/**
 * The member's avatar and wallpaper images. Provider links expire, so `set-avatar` and `set-wallpaper` copy the
 * picture into Lumara's media store (`avatars/<userId>/<uuid>.<ext>`, `wallpapers/<userId>/<uuid>.<ext>`) and
 * store the Lumara path that serves it; the previous copy is removed. A file name is never reused, so browsers
 * may cache a copy for long.
 */
export type ProfileImageKind = 'avatar' | 'wallpaper';

type ImageColumns = { url: 'avatarUrl' | 'wallpaperUrl'; key: 'avatarKey' | 'wallpaperKey' };
const columnsOf: Record<ProfileImageKind, ImageColumns> = {
  avatar: { url: 'avatarUrl', key: 'avatarKey' },
  wallpaper: { url: 'wallpaperUrl', key: 'wallpaperKey' },
};
const folderOf: Record<ProfileImageKind, string> = { avatar: 'avatars', wallpaper: 'wallpapers' };

/** The Lumara path an image is served at: the store key behind `/api/`. */
export function storedImagePath(key: string): string {
  return `/api/${key}`;
}

/** A path of Lumara's own stored pictures (any member's). */
export const storedImagePathPattern = /^\/api\/(?:avatars|wallpapers)\//;

/** What saving a new image changes: the columns to write and the copy written for it (null when none). */
export type PreparedImage = {
  columns: Partial<Pick<ProfileRow, ImageColumns['url'] | ImageColumns['key']>>;
  /** Written for this change: removed again if the change is not saved. */
  createdKey: string | null;
};

/**
 * Prepares a change of the member's avatar or wallpaper to `source`: empty clears it; the current Lumara path
 * is no change; an http(s) link or one of the member's generation outputs is copied into the store (checked to
 * be an image, and counted against the member's storage quota). Any other Lumara path is refused: copies are only
 * made from sources a member could fetch.
 */
export async function prepareStoredImage(
  deps: ImportMediaDeps,
  userId: number,
  kind: ProfileImageKind,
  source: string,
  current: ProfileRow | undefined,
  field: string,
): Promise<PreparedImage | null> {
  const columns = columnsOf[kind];
  if (source === '') return { columns: { [columns.url]: null, [columns.key]: null }, createdKey: null };
  // Only Lumara's own copy is "no change": a link saved before pictures were copied is copied now.
  if (source === current?.[columns.url] && storedImagePathPattern.test(source)) return null;
  if (storedImagePathPattern.test(source)) {
    throw new AppError('validation_failed', say('server.validation.failed'), {
      fields: { [field]: say('server.profile.notYourPicture') },
    });
  }
  const name = randomUUID();
  const imported = await importMediaFile(
    deps,
    userId,
    source,
    'image',
    (contentType) => `${folderOf[kind]}/${userId}/${name}.${extensionOf(contentType)}`,
  );
  return {
    columns: { [columns.url]: storedImagePath(imported.key), [columns.key]: imported.key },
    createdKey: imported.key,
  };
}

/**
 * Saves profile columns that may change the stored pictures, then removes every stored copy the profile no
 * longer names; when the save fails, the copies made for it are removed instead. The row is locked while it
 * changes, so two saves at once each remove exactly the copy they replaced and the store never keeps a file
 * that no profile names.
 */
export async function saveWithImages(
  deps: ImportMediaDeps,
  userId: number,
  columns: Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>,
  createdKeys: (string | null)[],
  now: Date,
): Promise<ProfileRow> {
  let saved: { row: ProfileRow; before: Pick<ProfileRow, 'avatarKey' | 'wallpaperKey'> };
  try {
    saved = await deps.db.transaction(async (tx) => {
      await tx.insert(profiles).values({ userId, updatedAt: now }).onConflictDoNothing();
      const [before] = await tx
        .select({ avatarKey: profiles.avatarKey, wallpaperKey: profiles.wallpaperKey })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .for('update');
      const [row] = await tx
        .update(profiles)
        .set({ ...columns, updatedAt: now })
        .where(eq(profiles.userId, userId))
        .returning();
      if (!before || !row) throw new Error('the profile row vanished inside its own transaction');
      return { row, before };
    });
  } catch (error) {
    await Promise.all(createdKeys.flatMap((key) => (key ? [deps.store.remove(key)] : [])));
    throw error;
  }
  const { row, before } = saved;
  const stillNamed = new Set([row.avatarKey, row.wallpaperKey]);
  const replaced = [before.avatarKey, before.wallpaperKey].filter(
    (key): key is string => key !== null && !stillNamed.has(key),
  );
  await Promise.all(replaced.map((key) => deps.store.remove(key)));
  return row;
}

/** `POST /api/profile/set-avatar {url}`: answers the avatar path now stored (null when removed). */
export async function setAvatar(deps: ImportMediaDeps, userId: number, source: string, now: Date) {
  const current = await findProfile(deps.db, userId);
  const prepared = await prepareStoredImage(deps, userId, 'avatar', source, current, 'url');
  if (!prepared) return { avatar_url: current?.avatarUrl ?? null };
  const row = await saveWithImages(deps, userId, prepared.columns, [prepared.createdKey], now);
  return { avatar_url: row.avatarUrl };
}

/**
 * `POST /api/profile/set-wallpaper {wallpaperUrl, wallpaperCss}`: an omitted field is unchanged, an empty one
 * cleared. Answers both as now stored.
 */
export async function setWallpaper(
  deps: ImportMediaDeps,
  userId: number,
  change: { wallpaperUrl?: string | undefined; wallpaperCss?: string | undefined },
  now: Date,
) {
  const current = await findProfile(deps.db, userId);
  const prepared =
    change.wallpaperUrl === undefined
      ? null
      : await prepareStoredImage(deps, userId, 'wallpaper', change.wallpaperUrl, current, 'wallpaperUrl');
  const columns = {
    ...prepared?.columns,
    ...(change.wallpaperCss !== undefined ? { wallpaperCss: change.wallpaperCss || null } : {}),
  };
  if (Object.keys(columns).length === 0) {
    return { wallpaper_url: current?.wallpaperUrl ?? null, wallpaper_css: current?.wallpaperCss ?? null };
  }
  const row = await saveWithImages(deps, userId, columns, [prepared?.createdKey ?? null], now);
  return { wallpaper_url: row.wallpaperUrl, wallpaper_css: row.wallpaperCss };
}

const contentTypeOfExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * The stored copy behind `GET /api/avatars/{userId}/{file}` (any signed-in member: the community shows
 * avatars) or `GET /api/wallpapers/{userId}/{file}` (its owner only; another member's answers 404). Only the
 * copy the profile names now is served: a replaced one is gone even if its removal failed.
 */
export async function findStoredImage(
  deps: Pick<ImportMediaDeps, 'db'>,
  kind: ProfileImageKind,
  ownerId: number,
  file: string,
  viewerId: number,
): Promise<StoredFile> {
  if (kind === 'wallpaper' && ownerId !== viewerId) throw notFound('picture');
  const extension = STORED_IMAGE_FILE_PATTERN.test(file) ? file.split('.').pop() : undefined;
  const contentType = extension ? contentTypeOfExtension[extension] : undefined;
  if (!contentType) throw notFound('picture');
  const key = `${folderOf[kind]}/${ownerId}/${file}`;
  const row = await findProfile(deps.db, ownerId);
  if (row?.[columnsOf[kind].key] !== key) throw notFound('picture');
  return { key, contentType };
}
