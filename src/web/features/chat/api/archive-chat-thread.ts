import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatThread } from '#shared/chat.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { chatThreadQueryKey } from './get-chat-thread.ts';
import { chatThreadsQueryKey } from './get-chat-threads.ts';

/** `PUT /api/chat/thread/{id}/archive`: the thread leaves the list (and answers 404 afterwards). */
export async function archiveChatThread(threadId: number): Promise<void> {
  await answerOf(api.chat.thread[':id'].archive.$put({ param: { id: String(threadId) } }));
}

/** Once the server agrees, the thread leaves the list and its messages leave the cache. */
export function useArchiveChatThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thread: ChatThread) => archiveChatThread(thread.id),
    onSuccess: async (_answer, thread) => {
      await queryClient.cancelQueries({ queryKey: chatThreadsQueryKey });
      queryClient.setQueryData<ChatThread[]>(chatThreadsQueryKey, (threads) =>
        threads?.filter((t) => t.id !== thread.id),
      );
      queryClient.removeQueries({ queryKey: chatThreadQueryKey(thread.id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatThreadsQueryKey }),
  });
}
