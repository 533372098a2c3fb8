import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChatThreadDetail, chatThreadDetailSchema } from '#shared/chat.ts';
import { apiRequest } from '#web/app/api-client.ts';

export const chatThreadQueryKey = (threadId: number) => ['studio', 'chat', 'thread', threadId] as const;

/** `GET /api/chat/thread/{id}`: the thread, its newest page of messages (oldest first) and its memory. */
export function getChatThread(threadId: number, signal?: AbortSignal): Promise<ChatThreadDetail> {
  return apiRequest(`/api/chat/thread/${threadId}`, { schema: chatThreadDetailSchema, signal });
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
