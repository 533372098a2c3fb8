import { useEffect, useRef, useState } from 'react';
import type { ChatThread } from '#shared/chat.ts';
import { useArchiveChatThread } from '../api/archive-chat-thread.ts';
import { useCreateChatThread } from '../api/create-chat-thread.ts';
import { useChatThreads } from '../api/get-chat-threads.ts';

/**
 * Which thread is open: the one the member picked while it exists, else the first of the list. A
 * member with no threads at all gets one 'New Chat', created once: on the first visit and after archiving the
 * last thread alike, because both are simply "the list loaded and is empty".
 */
export function useActiveThread() {
  const threads = useChatThreads();
  const create = useCreateChatThread();
  const archive = useArchiveChatThread();
  const [chosenId, setChosenId] = useState<number | null>(null);

  const list = threads.data;
  const activeThread = list ? (list.find((thread) => thread.id === chosenId) ?? list[0] ?? null) : null;
  const noThreads = threads.isSuccess && list?.length === 0;

  // One creation per empty spell, even when React runs effects twice (StrictMode) or the list reloads empty
  // again while the creation is under way. A failed creation is not retried by itself: the member is told
  // and can start one with New chat.
  const creatingForEmptyList = useRef(false);
  const { mutate: createThread } = create;
  useEffect(() => {
    if (!noThreads) {
      creatingForEmptyList.current = false;
      return;
    }
    if (creatingForEmptyList.current) return;
    creatingForEmptyList.current = true;
    createThread(undefined, { onSuccess: (thread) => setChosenId(thread.id) });
  }, [noThreads, createThread]);

  function startNewChat() {
    if (create.isPending) return;
    create.mutate(undefined, { onSuccess: (thread) => setChosenId(thread.id) });
  }

  /** Archiving the open thread opens the next one (the one below it, else above); none left makes a new one. */
  function archiveThread(thread: ChatThread) {
    const current = list ?? [];
    const index = current.findIndex((t) => t.id === thread.id);
    const next = thread.id === activeThread?.id ? (current[index + 1] ?? current[index - 1] ?? null) : null;
    archive.mutate(thread, {
      onSuccess: () => {
        if (next) setChosenId(next.id);
      },
    });
  }

  return {
    threads,
    activeThread,
    selectThread: (thread: ChatThread) => setChosenId(thread.id),
    startNewChat,
    creating: create.isPending,
    createError: create.error,
    archiveThread,
    archiving: archive.isPending ? archive.variables : undefined,
    archiveError: archive.error,
  };
}
