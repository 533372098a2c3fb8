import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatThread } from '#shared/chat.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export const chatThreadsQueryKey = ['studio', 'chat', 'threads'] as const;

/** `GET /api/chat/threads`: the member's open threads, most recently used first. */
export function getChatThreads(signal?: AbortSignal): Promise<ChatThread[]> {
  return answerOf(api.chat.threads.$get({}, { init: { signal } }));
}

/** Most recently updated first (ties: the newer thread first), as the server sorts; kept so after local edits. */
export function sortThreads(threads: readonly ChatThread[]): ChatThread[] {
  return [...threads].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
}

export function chatThreadsQueryOptions() {
  return queryOptions({
    queryKey: chatThreadsQueryKey,
    queryFn: async ({ signal }) => sortThreads(await getChatThreads(signal)),
  });
}

export function useChatThreads() {
  return useQuery(chatThreadsQueryOptions());
}
