import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatThreadDetail } from '#shared/chat.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export const chatThreadQueryKey = (threadId: number) => ['studio', 'chat', 'thread', threadId] as const;

/** `GET /api/chat/thread/{id}`: the thread, its newest page of messages (oldest first) and its memory. */
export function getChatThread(threadId: number, signal?: AbortSignal): Promise<ChatThreadDetail> {
  return answerOf(
    api.chat.thread[':id'].$get({ param: { id: String(threadId) }, query: {} }, { init: { signal } }),
  );
}

export function chatThreadQueryOptions(threadId: number) {
  return queryOptions({
    queryKey: chatThreadQueryKey(threadId),
    queryFn: ({ signal }) => getChatThread(threadId, signal),
  });
}

/** The open thread's detail; idle while no thread is open. */
export function useChatThread(threadId: number | null) {
  return useQuery({ ...chatThreadQueryOptions(threadId ?? 0), enabled: threadId !== null });
}
