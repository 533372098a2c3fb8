import type { ChatMessage } from '#shared/chat.ts';
import type { ResearchResponse } from '#shared/research.ts';

/**
 * What the conversation shows that the server does not keep: the apology after a failed reply
 * and research results. Each sits after the message that was last when it appeared.
 */
export type LocalEntry =
  | { kind: 'failure'; key: string; afterMessageId: number | null; reason: string | null }
  | { kind: 'research'; key: string; afterMessageId: number | null; result: ResearchResponse };

export type ConversationItem =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'local'; entry: LocalEntry };

/**
 * The thread's messages (oldest first) with the local entries placed after their message. An entry whose
 * message is gone (a regenerated reply) goes after the last earlier message; one from before any message
 * comes first. Entries keep the order they were made in.
 */
export function interleave(
  messages: readonly ChatMessage[],
  entries: readonly LocalEntry[],
): ConversationItem[] {
  const items: ConversationItem[] = [];
  const firstId = messages[0]?.id;
  const leading = entries.filter(
    (entry) => entry.afterMessageId === null || firstId === undefined || entry.afterMessageId < firstId,
  );
  for (const entry of leading) items.push({ kind: 'local', entry });
  messages.forEach((message, index) => {
    items.push({ kind: 'message', message });
    const nextId = messages[index + 1]?.id;
    for (const entry of entries) {
      const after = entry.afterMessageId;
      if (after !== null && after >= message.id && (nextId === undefined || after < nextId)) {
        items.push({ kind: 'local', entry });
      }
    }
  });
  return items;
}
