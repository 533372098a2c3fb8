import { AppError } from '#server/lib/errors.ts';
import { assertTimeZone } from '#server/lib/time-zone.ts';
import type { Profile, UpdateProfileChanges } from '#shared/profile.ts';
import type { ImportMediaDeps } from '../media/import-media-file.ts';
import { findProfile } from './profile.service.ts';
import { saveWithImages, storedImagePathPattern } from './profile-images.service.ts';
import { presentProfile } from './profile-presenter.ts';

/**
 * `PUT /api/profile` (part 1 §7). `changes` already says what to do per field: undefined = unchanged (omitted or
 * empty, as the spec's client omits empty fields), null = cleared, a value = set. Answers the whole profile.
 *
 * avatar_url and wallpaper_url set here are https links the browser loads as they are. A Lumara path is only
 * accepted as the one already stored (the form sends the whole profile back); copies into Lumara's store are
 * made by `set-avatar` and `set-wallpaper`. Replacing a stored copy removes it.
 */
export async function updateProfile(
  deps: ImportMediaDeps,
  userId: number,
  changes: UpdateProfileChanges,
  now: Date,
): Promise<Profile> {
  const current = await findProfile(deps.db, userId);
  const avatar = imageUrlChange(current?.avatarUrl, 'avatar_url', changes.avatar_url);
  const wallpaper = imageUrlChange(current?.wallpaperUrl, 'wallpaper_url', changes.wallpaper_url);
  const columns = {
    ...(changes.display_name !== undefined ? { displayName: changes.display_name } : {}),
    ...(changes.about !== undefined ? { about: changes.about } : {}),
    ...(avatar ? { avatarUrl: avatar.url, avatarKey: null } : {}),
    ...(wallpaper ? { wallpaperUrl: wallpaper.url, wallpaperKey: null } : {}),
    ...(changes.wallpaper_css !== undefined ? { wallpaperCss: changes.wallpaper_css } : {}),
    ...(changes.tags !== undefined ? { tags: changes.tags ?? [] } : {}),
    ...(changes.time_zone !== undefined
      ? { timeZone: changes.time_zone === null ? null : assertTimeZone(changes.time_zone) }
      : {}),
    ...(changes.language !== undefined ? { language: changes.language } : {}),
  };
  if (Object.keys(columns).length === 0) return presentProfile(current);
  return presentProfile(await saveWithImages(deps, userId, columns, [], now));
}

/**
 * The new value of an image URL field, or null when it does not change. Clearing the stored key with it lets
 * `saveWithImages` remove a copy Lumara kept.
 */
function imageUrlChange(
  stored: string | null | undefined,
  field: 'avatar_url' | 'wallpaper_url',
  next: string | null | undefined,
): { url: string | null } | null {
  if (next === undefined || next === stored) return null;
  if (next !== null && storedImagePathPattern.test(next)) {
    throw new AppError('validation_failed', 'Some fields are missing or wrong', {
      fields: { [field]: 'That is not your current picture: give an https link instead' },
    });
  }
  return { url: next };
}
