import { NEW_CHAT_TITLE } from '#shared/chat.ts';

const TITLE_CHARS = 60;
/** A cut at a word boundary earlier than this would throw away most of the title: cut mid-word instead. */
const MIN_WORD_CUT = 20;

/**
 * A thread's title from its first member message: the first ~60 characters on one line, cut at a word
 * boundary, with an ellipsis when something was cut. A message that leaves nothing keeps 'New Chat'.
 */
export function titleFromMessage(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (!line) return NEW_CHAT_TITLE;
  // Count characters, not UTF-16 units, so an emoji is never split in half.
  const characters = Array.from(line);
  if (characters.length <= TITLE_CHARS) return line;
  const head = characters.slice(0, TITLE_CHARS).join('');
  // The 61st character being a space means the head already ends on a whole word.
  const space = characters[TITLE_CHARS] === ' ' ? head.length : head.lastIndexOf(' ');
  const cut = space >= MIN_WORD_CUT ? head.slice(0, space) : head;
  return `${cut.replace(/(?<![\s,;:.!?-])[\s,;:.!?-]+$/, '')}…`;
}
