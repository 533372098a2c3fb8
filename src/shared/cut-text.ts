/**
 * `text` cut to at most `max` UTF-16 code units, never between the two halves of a surrogate pair (a lone half
 * cannot be stored). Linear, for text of any length.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splitsPair ? max - 1 : max);
}
