import { and, asc, eq, inArray } from 'drizzle-orm';
import { chatMessages, chatThreads } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  insertInChunks,
  notAfter,
  notYetHeld,
  samenessKey,
} from '#server/lib/data/archive-adapter.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { boundedSummary } from './chat-memory.ts';

type ArchiveThread = ArchiveContents['chat_threads'][number];
type ArchiveMessage = ArchiveThread['messages'][number];

/** A thread's identity for "already the member's": what it says of itself, not its id or its messages. */
const threadKey = ({ id: _id, messages: _messages, ...thread }: ArchiveThread) => samenessKey(thread);

function describeThread(row: typeof chatThreads.$inferSelect, messages: ArchiveMessage[]): ArchiveThread {
  return {
    id: row.id,
    title: row.title,
    memory: row.memory,
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    messages,
  };
}

/**
 * The member's AI chats: each thread with its memory and messages, archived ones included. On import (messages
 * held by the schema to the chat route's limit, a model's words cut as every answer is) a thread's memory is cut
 * to what the chat's own summaries keep, since it goes with every later request to the paid model; a thread is
 * added with all its messages unless an exact copy is the member's already; no date is later than the import.
 */
export const chatArchive: ArchiveAdapter = {
  kinds: ['chat_threads'],
  async collect(tx, memberId) {
    const threads = await tx
      .select()
      .from(chatThreads)
      .where(eq(chatThreads.userId, memberId))
      .orderBy(asc(chatThreads.id));
    const messages =
      threads.length === 0
        ? []
        : await tx
            .select()
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.userId, memberId),
                inArray(
                  chatMessages.threadId,
                  threads.map((thread) => thread.id),
                ),
              ),
            )
            .orderBy(asc(chatMessages.id));
    const byThread = new Map<number, ArchiveMessage[]>();
    for (const message of messages) {
      const list = byThread.get(message.threadId) ?? [];
      list.push({
        role: message.role as ArchiveMessage['role'],
        content: message.content,
        provider: message.provider,
        model: message.model,
        stopped: message.stopped,
        created_at: message.createdAt.toISOString(),
      });
      byThread.set(message.threadId, list);
    }
    return {
      contents: {
        chat_threads: threads.map((thread) => describeThread(thread, byThread.get(thread.id) ?? [])),
      },
      files: [],
    };
  },
  async plan(reader, { memberId, contents, now }) {
    const at = notAfter(now);
    const iso = (instant: string) => at(instant).toISOString();
    const archived = contents.chat_threads.map((thread) => ({
      ...thread,
      memory: boundedSummary(thread.memory),
      archived_at: thread.archived_at === null ? null : iso(thread.archived_at),
      created_at: iso(thread.created_at),
      updated_at: iso(thread.updated_at),
      messages: thread.messages.map((message) => ({ ...message, created_at: iso(message.created_at) })),
    }));
    const held = await reader.select().from(chatThreads).where(eq(chatThreads.userId, memberId));
    const fresh = notYetHeld(
      archived,
      held.map((thread) => threadKey(describeThread(thread, []))),
      threadKey,
    );
    return {
      adds: { chat_threads: fresh.length },
      files: [],
      async write(tx) {
        for (const thread of fresh) {
          const [row] = await tx
            .insert(chatThreads)
            .values({
              userId: memberId,
              title: thread.title,
              memory: thread.memory,
              archivedAt: thread.archived_at === null ? null : new Date(thread.archived_at),
              createdAt: new Date(thread.created_at),
              updatedAt: new Date(thread.updated_at),
            })
            .returning({ id: chatThreads.id });
          if (!row) throw new Error('a chat thread was not inserted');
          await insertInChunks(thread.messages, (chunk) =>
            tx.insert(chatMessages).values(
              chunk.map((message) => ({
                threadId: row.id,
                userId: memberId,
                role: message.role,
                content: message.content,
                provider: message.provider,
                model: message.model,
                stopped: message.stopped,
                createdAt: new Date(message.created_at),
              })),
            ),
          );
        }
      },
    };
  },
};
