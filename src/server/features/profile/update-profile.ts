import { assertTimeZone } from '#server/lib/data/time-zone.ts';
import type { Profile, UpdateProfileChanges } from '#shared/profile.ts';
import type { ImportMediaDeps } from '../media/import-media-file.ts';
import { findProfile, type ProfileRow } from './profile.service.ts';
import { type ProfileImageKind, prepareStoredImage, saveWithImages } from './profile-images.service.ts';
import { presentProfile } from './profile-presenter.ts';

/**
 * `PUT /api/profile`. `changes` already says what to do per field: undefined = unchanged (omitted or
 * empty: a client may omit the fields left empty), null = cleared, a value = set. Answers the whole profile.
 *
 * avatar_url and wallpaper_url are taken as `set-avatar` and `set-wallpaper` take them: a link is copied into
 * Lumara's store and the profile names the copy, so no reader's browser ever loads a picture from another host
 * (an avatar would otherwise tell that host who reads the community, and when). The current Lumara path is no
 * change (the form sends the whole profile back); replacing or clearing a stored copy removes it, and a copy made
 * for a save that fails is removed too.
 */
export async function updateProfile(
  deps: ImportMediaDeps,
  userId: number,
  changes: UpdateProfileChanges,
  now: Date,
): Promise<Profile> {
  const current = await findProfile(deps.db, userId);
  const avatar = await pictureChange(deps, userId, 'avatar', changes.avatar_url, current, 'avatar_url');
  let wallpaper: Awaited<ReturnType<typeof pictureChange>>;
  try {
    wallpaper = await pictureChange(
      deps,
      userId,
      'wallpaper',
      changes.wallpaper_url,
      current,
      'wallpaper_url',
    );
  } catch (error) {
    if (avatar?.createdKey) await deps.store.remove(avatar.createdKey);
    throw error;
  }
  const columns = {
    ...(changes.display_name !== undefined ? { displayName: changes.display_name } : {}),
    ...(changes.about !== undefined ? { about: changes.about } : {}),
    ...avatar?.columns,
    ...wallpaper?.columns,
    ...(changes.wallpaper_css !== undefined ? { wallpaperCss: changes.wallpaper_css } : {}),
    ...(changes.tags !== undefined ? { tags: changes.tags ?? [] } : {}),
    ...(changes.time_zone !== undefined
      ? { timeZone: changes.time_zone === null ? null : assertTimeZone(changes.time_zone) }
      : {}),
    ...(changes.language !== undefined ? { language: changes.language } : {}),
  };
  const createdKeys = [avatar?.createdKey ?? null, wallpaper?.createdKey ?? null];
  if (Object.keys(columns).length === 0) return presentProfile(current);
  return presentProfile(await saveWithImages(deps, userId, columns, createdKeys, now));
}

/** A picture field's change as `prepareStoredImage` makes it: null (cleared) is an empty source. */
function pictureChange(
  deps: ImportMediaDeps,
  userId: number,
  kind: ProfileImageKind,
  next: string | null | undefined,
  current: ProfileRow | undefined,
  field: 'avatar_url' | 'wallpaper_url',
) {
  if (next === undefined) return Promise.resolve(null);
  return prepareStoredImage(deps, userId, kind, next ?? '', current, field);
}
