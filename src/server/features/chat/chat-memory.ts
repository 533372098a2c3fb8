import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { chatMessages, chatThreads } from '#server/db/schema.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { ChatProvider, ReplyBounds } from '#server/providers/chat-provider.ts';
import type { AiChatMessage, ChatRole } from '#shared/ai.ts';

/**
 * Thread memory: a long thread is answered from a running summary plus its recent messages, never from its
 * whole history, so every request stays within the model's context and the bill stays flat however long the
 * thread grows. `chat_threads.memory` summarizes every message up to `memory_through_message_id`.
 */
export const CHAT_MEMORY = {
  /**
   * Conversation messages sent with each request, at most (the newest ones). Above `summarizeAfter` + 1 so that
   * nothing falls between the summary and what is sent: after a reply at most 16 messages follow the summary,
   * and the next member message makes 17.
   */
  contextMessages: 18,
  /** A new summary is made once more than this many messages follow the summarized part. */
  summarizeAfter: 16,
  /** Messages left out of a summary: the recent turns the model keeps reading word for word. */
  keepRecent: 8,
  /**
   * At most this many messages go into one summary request. A backlog (earlier summaries failed) is caught up
   * over the following replies instead of in one huge request.
   */
  summarizeBatchMax: 40,
  /** Each message is cut to this many characters in the summarizer's transcript. */
  excerptChars: 2_000,
  /** What the summarizer is asked for. */
  summaryWords: 200,
  /** What is kept if a model ignores that: memory rides along with every later request. */
  summaryWordsKept: 300,
  /** What the summarizer may write: room for its words, the characters of about twice as many. */
  summaryReply: { maxTokens: 600, maxChars: 4_000 },
} as const satisfies Record<string, number | ReplyBounds>;

export const MEMORY_NOTE_PREFIX = 'Earlier in this conversation (summary): ';

export const SUMMARIZER_PROMPT =
  `You keep the memory of a conversation between a member and Lumara, an AI assistant. ` +
  `Write one updated summary of at most ${CHAT_MEMORY.summaryWords} words that merges the existing summary ` +
  'with the new messages. Keep what later answers need: the member’s goals, preferences, facts they shared, ' +
  'decisions taken and open questions. Drop greetings and small talk. Write plain prose in the third person, ' +
  'in the language of the conversation. Answer with the summary only.';

export type ConversationMessage = { role: ChatRole; content: string };

/**
 * The messages a reply is asked with: one system message (the persona when the Lumara System toggle is on, and
 * the memory note when the thread has memory), then the newest conversation messages, oldest first. Empty
 * replies ('(no reply)' on the page) are left out: some providers refuse an empty assistant turn.
 */
export function buildModelMessages(input: {
  systemPrompt: string | null;
  memory: string;
  /** The conversation after the summarized part, oldest first. */
  conversation: ConversationMessage[];
}): AiChatMessage[] {
  const system = [
    ...(input.systemPrompt ? [input.systemPrompt] : []),
    ...(input.memory.trim() ? [`${MEMORY_NOTE_PREFIX}${input.memory.trim()}`] : []),
  ];
  const recent = input.conversation
    .filter((message) => message.role !== 'system')
    .slice(-CHAT_MEMORY.contextMessages)
    .filter((message) => message.content.trim() !== '');
  return [
    ...(system.length > 0 ? [{ role: 'system' as const, content: system.join('\n\n') }] : []),
    ...recent.map((message) => ({ role: message.role, content: message.content })),
  ];
}

/** How many of the oldest unsummarized messages to fold into memory now; 0 while the thread is short enough. */
export function messagesToSummarize(unsummarizedCount: number): number {
  if (unsummarizedCount <= CHAT_MEMORY.summarizeAfter) return 0;
  return Math.min(unsummarizedCount - CHAT_MEMORY.keepRecent, CHAT_MEMORY.summarizeBatchMax);
}

/** The summarizer's request: instructions, then the existing summary and the messages to fold in. */
export function summarizerMessages(memory: string, messages: ConversationMessage[]): AiChatMessage[] {
  const transcript = messages
    .map((message) => `${message.role === 'user' ? 'Member' : 'Lumara'}: ${excerpt(message.content)}`)
    .join('\n\n');
  return [
    { role: 'system', content: SUMMARIZER_PROMPT },
    {
      role: 'user',
      content: `Existing summary:\n${memory.trim() || '(none yet)'}\n\nNew messages:\n${transcript}`,
    },
  ];
}

/** The summary as stored: trimmed, and bounded even when a model writes far more than it was asked for. */
export function boundedSummary(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= CHAT_MEMORY.summaryWordsKept) return text.trim();
  return `${words.slice(0, CHAT_MEMORY.summaryWordsKept).join(' ')}…`;
}

function excerpt(content: string): string {
  const text = content.trim() || '(no reply)';
  return text.length <= CHAT_MEMORY.excerptChars ? text : `${text.slice(0, CHAT_MEMORY.excerptChars)}…`;
}

export type MemoryUpdateOutcome = 'not-needed' | 'updated' | 'superseded' | 'failed';

/**
 * Folds the older part of a long thread into its memory, with the provider and model that just answered.
 * Runs after a reply is stored; never throws: a failed summary is logged and the thread simply stays on its old
 * memory (the next reply tries again). No transaction is held while the provider thinks; the final UPDATE only
 * applies if the boundary is still the one read here, so two replies finishing at once cannot clobber each
 * other's summary (the later one is dropped, and its messages are summarized next time).
 */
export async function updateThreadMemory(
  db: Db,
  input: { threadId: number; provider: ChatProvider; model: string; logger: Logger },
): Promise<MemoryUpdateOutcome> {
  try {
    const [thread] = await db
      .select({ memory: chatThreads.memory, through: chatThreads.memoryThroughMessageId })
      .from(chatThreads)
      .where(eq(chatThreads.id, input.threadId));
    if (!thread) return 'not-needed';
    const after = afterBoundary(input.threadId, thread.through);
    const [counted] = await db.select({ n: count() }).from(chatMessages).where(after);
    const take = messagesToSummarize(counted?.n ?? 0);
    if (take === 0) return 'not-needed';

    const older = await db
      .select({ id: chatMessages.id, role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(after)
      .orderBy(asc(chatMessages.id))
      .limit(take);
    const last = older.at(-1);
    if (!last) return 'not-needed';

    const reply = await input.provider.complete({
      model: input.model,
      messages: summarizerMessages(thread.memory, older.map(asConversationMessage)),
      ...CHAT_MEMORY.summaryReply,
    });
    const summary = boundedSummary(reply.text);
    if (!summary) {
      input.logger.warn({ threadId: input.threadId }, 'chat memory: the summarizer answered nothing');
      return 'failed';
    }

    const updated = await db
      .update(chatThreads)
      .set({ memory: summary, memoryThroughMessageId: last.id })
      .where(
        and(
          eq(chatThreads.id, input.threadId),
          thread.through === null
            ? isNull(chatThreads.memoryThroughMessageId)
            : eq(chatThreads.memoryThroughMessageId, thread.through),
        ),
      )
      .returning({ id: chatThreads.id });
    return updated.length > 0 ? 'updated' : 'superseded';
  } catch (error) {
    input.logger.warn(
      { threadId: input.threadId, err: error instanceof Error ? error.message : String(error) },
      'chat memory update failed; the thread keeps its previous memory',
    );
    return 'failed';
  }
}

/** The thread's messages the memory does not cover yet. */
export function afterBoundary(threadId: number, through: number | null) {
  return through === null
    ? eq(chatMessages.threadId, threadId)
    : and(eq(chatMessages.threadId, threadId), gt(chatMessages.id, through));
}

/** Stored roles are only ever written by this feature; anything else reads as the assistant's. */
export function asConversationMessage(row: { role: string; content: string }): ConversationMessage {
  return {
    role: row.role === 'user' ? 'user' : row.role === 'system' ? 'system' : 'assistant',
    content: row.content,
  };
}
