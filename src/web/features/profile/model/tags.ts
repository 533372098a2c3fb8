import { PROFILE_LIMITS } from '#shared/profile.ts';

/**
 * A tag typed and confirmed with Enter: trimmed; an empty one, one already there, or one past the
 * limit of 20 is ignored. Answers the tags unchanged (the same array) when nothing is added.
 */
export function addTag(tags: readonly string[], typed: string): readonly string[] {
  const tag = typed.trim().slice(0, PROFILE_LIMITS.tagMax);
  if (tag === '' || tags.includes(tag) || tags.length >= PROFILE_LIMITS.tagsMax) return tags;
  return [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): readonly string[] {
  return tags.filter((existing) => existing !== tag);
}
