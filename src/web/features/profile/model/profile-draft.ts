import type { Profile, UpdateProfileRequest } from '#shared/profile.ts';

/** The settings form's fields: what Profile Info and About Generator edit together. */
export type ProfileDraft = {
  display_name: string;
  about: string;
  avatar_url: string;
  tags: readonly string[];
  time_zone: string;
};

/**
 * The form's starting point. An avatar Lumara stores itself (a `/api/avatars/…` path) is not an https link the
 * URL field could hold: the field starts empty and, left empty, keeps it.
 */
export function draftFrom(profile: Profile, browserTimeZone: string): ProfileDraft {
  const avatar = profile.avatar_url ?? '';
  return {
    display_name: profile.display_name ?? '',
    about: profile.about ?? '',
    avatar_url: avatar.startsWith('https://') ? avatar : '',
    tags: profile.tags,
    time_zone: profile.time_zone ?? browserTimeZone,
  };
}

/** `PUT /api/profile`'s body: text fields left empty are omitted (part 1 §5), so they stay as they were. */
export function profileUpdateFrom(draft: ProfileDraft): UpdateProfileRequest {
  const text = (value: string) => {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  };
  const update: UpdateProfileRequest = { tags: [...draft.tags] };
  const displayName = text(draft.display_name);
  const about = text(draft.about);
  const avatarUrl = text(draft.avatar_url);
  const timeZone = text(draft.time_zone);
  if (displayName !== undefined) update.display_name = displayName;
  if (about !== undefined) update.about = about;
  if (avatarUrl !== undefined) update.avatar_url = avatarUrl;
  if (timeZone !== undefined) update.time_zone = timeZone;
  return update;
}
