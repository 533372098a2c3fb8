/** A LIKE pattern finding `text` anywhere: `%`, `_` and `\` are patterns in LIKE; a member searching "50%" means the text. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
