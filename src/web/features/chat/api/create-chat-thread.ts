import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChatThread, NEW_CHAT_TITLE } from '#shared/chat.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { chatThreadsQueryKey, sortThreads } from './get-chat-threads.ts';

/** `POST /api/chat/thread {title}`: answers the new thread (201). */
export function createChatThread(title: string = NEW_CHAT_TITLE): Promise<ChatThread> {
  return answerOf(api.chat.thread.$post({ json: { title } }));
}

/** The new thread joins the list at once (it is the newest), then the list reloads. */
export function useCreateChatThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createChatThread(NEW_CHAT_TITLE),
    onSuccess: async (thread) => {
      // A list reload still in flight predates this thread and must not overwrite it.
      await queryClient.cancelQueries({ queryKey: chatThreadsQueryKey });
      queryClient.setQueryData<ChatThread[]>(chatThreadsQueryKey, (threads) =>
        sortThreads([thread, ...(threads ?? []).filter((t) => t.id !== thread.id)]),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatThreadsQueryKey }),
  });
}
