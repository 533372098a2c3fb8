/** `%`, `_` and `\` are patterns in LIKE; a member searching "50%" means the text. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A LIKE pattern finding `text` anywhere. */
export function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/** A LIKE pattern finding what starts with `text`. */
export function startsWithPattern(text: string): string {
  return `${literal(text)}%`;
}
