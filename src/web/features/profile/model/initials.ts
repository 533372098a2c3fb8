import { AVATAR_INITIALS_FALLBACK } from '#shared/profile.ts';

/**
 * The avatar's letters when there is no picture: the first letters of the first and last words of the name
 * ("Ada Lovelace" → "AL"), or 'L' when the name has no letter to take.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const first = words[0]?.match(/\p{L}/u)?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.match(/\p{L}/u)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || AVATAR_INITIALS_FALLBACK;
}
