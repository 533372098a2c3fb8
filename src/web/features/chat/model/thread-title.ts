import { type ChatThread, NEW_CHAT_TITLE } from '#shared/chat.ts';
import type { Translate } from '#web/lib/i18n/use-t.ts';

/**
 * A thread's title on screen. A new thread is stored as 'New Chat' (the server renames it after its first
 * message, so that title stays English in the data) and shows in the interface's language; any other title is
 * the member's.
 */
export function threadTitle(t: Translate, thread: Pick<ChatThread, 'title'>): string {
  return thread.title === NEW_CHAT_TITLE ? t('chat.thread.newChatTitle') : thread.title;
}
