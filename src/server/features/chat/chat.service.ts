import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { chatMessages, chatThreads } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { requestLanguage, say } from '#server/lib/http/request-language.ts';
import type { Proposal } from '#shared/agent-tools.ts';
import { type AiChatMessage, type AiProviderId, chatRoleSchema } from '#shared/ai.ts';
import { type ChatMessage, type ChatThread, type ChatThreadDetail, NEW_CHAT_TITLE } from '#shared/chat.ts';
import { type StyleMode, systemPromptFor } from '#shared/chat-persona.ts';
import { proposalsOfMessages } from '../agent-tools/chat-proposals.ts';
import { asConversationMessage, buildModelMessages, CHAT_MEMORY } from './chat-memory.ts';
import { titleFromMessage } from './chat-title.ts';

type ThreadRow = typeof chatThreads.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** The thread as the API shows it; memory travels only with the detail. */
export function presentThread(row: ThreadRow): ChatThread {
  return { id: row.id, title: row.title, updated_at: row.updatedAt.toISOString() };
}

/**
 * The message as the API shows it; which provider wrote it stays server-side. `proposal`: the changes the reply
 * proposed, when it did (agent-tools' `proposalsOfMessages`).
 */
export function presentMessage(row: MessageRow, proposal?: Proposal): ChatMessage {
  return {
    id: row.id,
    thread_id: row.threadId,
    user_id: row.userId,
    role: chatRoleSchema.parse(row.role),
    content: row.content,
    created_at: row.createdAt.toISOString(),
    stopped: row.stopped,
    ...(proposal ? { proposal } : {}),
  };
}

const ownedOpen = (userId: number, threadId: number) =>
  and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId), isNull(chatThreads.archivedAt));

/** The member's threads that are not archived, most recently used first. */
export async function listThreads(db: Db, userId: number): Promise<ChatThread[]> {
  const rows = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), isNull(chatThreads.archivedAt)))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id));
  return rows.map(presentThread);
}

export async function createThread(db: Db, userId: number, title: string, now: Date): Promise<ChatThread> {
  const [row] = await db
    .insert(chatThreads)
    .values({ userId, title, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert into chat_threads returned no row');
  return presentThread(row);
}

/** One of the member's open threads; another member's, an archived or an unknown one is 404. */
export async function findOpenThread(db: Db, userId: number, threadId: number): Promise<ThreadRow> {
  const [row] = await db.select().from(chatThreads).where(ownedOpen(userId, threadId));
  if (!row) throw notFound('chatThread');
  return row;
}

/** A thread with one page of its messages (the newest page unless `before` asks for older ones). */
export async function getThreadDetail(
  db: Db,
  userId: number,
  threadId: number,
  page: { before?: number | undefined; limit: number },
): Promise<ChatThreadDetail> {
  const thread = await findOpenThread(db, userId, threadId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.threadId, thread.id),
        page.before !== undefined ? lt(chatMessages.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit).reverse();
  const proposals = await proposalsOfMessages(
    db,
    userId,
    shown.filter((row) => row.role === 'assistant').map((row) => row.id),
  );
  return {
    thread: presentThread(thread),
    messages: shown.map((row) => presentMessage(row, proposals.get(row.id))),
    memory: thread.memory,
    hasMore,
  };
}

/** Archives a thread: it leaves the list and answers 404 from then on. */
export async function archiveThread(db: Db, userId: number, threadId: number, now: Date): Promise<void> {
  const archived = await db
    .update(chatThreads)
    .set({ archivedAt: now })
    .where(ownedOpen(userId, threadId))
    .returning({ id: chatThreads.id });
  if (archived.length === 0) throw notFound('chatThread');
}

/**
 * Stores the member's message, committed before any provider is asked, so it stays whatever the provider does.
 * The thread moves to the top, and a thread still called 'New Chat' takes its title from this message.
 */
export async function addMemberMessage(
  db: Db,
  input: { userId: number; threadId: number; content: string; now: Date },
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        threadId: input.threadId,
        userId: input.userId,
        role: 'user',
        content: input.content,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('insert into chat_messages returned no row');
    await tx
      .update(chatThreads)
      .set({
        updatedAt: input.now,
        title: sql`CASE WHEN ${chatThreads.title} = ${NEW_CHAT_TITLE} THEN ${titleFromMessage(input.content)} ELSE ${chatThreads.title} END`,
      })
      .where(eq(chatThreads.id, input.threadId));
    return presentMessage(row);
  });
}

/** The message a regenerate answers again; a thread the member never wrote in has nothing to answer (409). */
export async function findLastMemberMessage(db: Db, threadId: number): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, threadId), eq(chatMessages.role, 'user')))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  if (!row) throw new AppError('conflict', say('server.chat.nothingToAnswer'));
  return row;
}

/** How a reply is asked for; `tools`: the reply is offered the agent tools, and the persona is told so. */
export type ReplySettings = { lumaraSystem: boolean; styleMode: StyleMode; tools?: boolean };

/**
 * What the model is sent to answer the thread up to (and including) one member message: the persona and the
 * memory note, then at most the last 18 messages after the memory's boundary. Never the whole history.
 */
export async function replyContext(
  db: Db,
  threadId: number,
  upToMessageId: number,
  settings: ReplySettings,
): Promise<AiChatMessage[]> {
  const [thread] = await db
    .select({ memory: chatThreads.memory, through: chatThreads.memoryThroughMessageId })
    .from(chatThreads)
    .where(eq(chatThreads.id, threadId));
  // The message being answered is always sent, even if a summary somehow already covers it.
  const boundary = Math.min(thread?.through ?? 0, upToMessageId - 1);
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.threadId, threadId),
        gt(chatMessages.id, boundary),
        lte(chatMessages.id, upToMessageId),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_MEMORY.contextMessages);
  return buildModelMessages({
    systemPrompt: settings.lumaraSystem
      ? systemPromptFor(settings.styleMode, requestLanguage(), { tools: settings.tools === true })
      : null,
    memory: thread?.memory ?? '',
    conversation: rows.reverse().map(asConversationMessage),
  });
}

/** A reply as stored: the model's words as written, except that a reply of only whitespace is ''. */
export function storedReplyText(text: string): string {
  return text.trim() === '' ? '' : text;
}

/**
 * Stores a reply and moves the thread to the top. `replacing` (regenerate) names the member message whose
 * earlier replies this one replaces: they are deleted in the same transaction, so a regenerate that fails or is
 * stopped before any text keeps the old reply.
 */
export async function storeReply(
  db: Db,
  input: {
    userId: number;
    threadId: number;
    text: string;
    stopped: boolean;
    provider: AiProviderId;
    model: string;
    now: Date;
    replacing?: number;
  },
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    if (input.replacing !== undefined) {
      await tx
        .delete(chatMessages)
        .where(
          and(
            eq(chatMessages.threadId, input.threadId),
            eq(chatMessages.role, 'assistant'),
            gt(chatMessages.id, input.replacing),
          ),
        );
    }
    const [row] = await tx
      .insert(chatMessages)
      .values({
        threadId: input.threadId,
        userId: input.userId,
        role: 'assistant',
        content: storedReplyText(input.text),
        provider: input.provider,
        model: input.model,
        stopped: input.stopped,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('insert into chat_messages returned no row');
    await tx.update(chatThreads).set({ updatedAt: input.now }).where(eq(chatThreads.id, input.threadId));
    return presentMessage(row);
  });
}
