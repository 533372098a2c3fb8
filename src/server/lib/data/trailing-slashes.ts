/**
 * `text` without the slashes it ends with (`https://host/api//` → `https://host/api`). A loop rather than
 * `/\/+$/`, which the regex engine tries again from every slash of a run: quadratic on a long one.
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end -= 1;
  return text.slice(0, end);
}
