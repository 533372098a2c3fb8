import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Proposal } from '#shared/agent-tools.ts';
import type { ChatMessage, ChatThread, ChatThreadDetail } from '#shared/chat.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { chatThreadQueryKey } from '../api/get-chat-thread.ts';
import { chatThreadsQueryKey, sortThreads } from '../api/get-chat-threads.ts';
import { type ChatReplyRequest, streamChatReply } from '../api/stream-chat-reply.ts';

/** The reply being written, shown until the stored messages take its place. */
export type LiveReply = {
  threadId: number;
  /** The member's words as sent, shown at once; replaced by the stored message once the server has it. */
  memberText: string | null;
  memberMessageId: number | null;
  /** The reply so far. */
  text: string;
  replyMessageId: number | null;
  /** Stop was pressed: what arrived stays on screen while the thread reloads with the stored part. */
  stopped: boolean;
  /** The read tool the model is using right now ("Reading your tasks…"); null between tools. */
  runningTool: string | null;
  /** The changes the reply proposes, shown before the stored reply brings them. */
  proposal: Proposal | null;
};

export type ReplyVariables = {
  request: ChatReplyRequest;
  /** Puts the member's words back in the input when the server never stored them (the message box sent them). */
  restoreUnsentText: boolean;
};

export type ReplyFailure = {
  threadId: number;
  /** The server's or the network's reason, shown in small text under the apology. */
  reason: string | null;
  /** The member's words, when they were not stored and should go back into the input. */
  unsentText: string | null;
};

class ReplyStopped extends Error {
  /** Text had arrived, so the server stores it: wait for it to show rather than blink it away. */
  readonly receivedText: boolean;
  readonly lastIdBefore: number;
  constructor(receivedText: boolean, lastIdBefore: number) {
    super('The member stopped the reply');
    this.name = 'ReplyStopped';
    this.receivedText = receivedText;
    this.lastIdBefore = lastIdBefore;
  }
}

/** How often, and how long apart, the thread is read again after Stop until the kept part shows. */
const STOPPED_READS = 4;
const STOPPED_READ_GAP_MS = 250;

class ReplyFailed extends Error {
  /** The `user` event arrived: the member message is stored for certain. */
  readonly memberStored: boolean;
  /** The thread's last message before this send, to find the member message should the server have kept it. */
  readonly lastIdBefore: number;
  constructor(cause: unknown, memberStored: boolean, lastIdBefore: number) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ReplyFailed';
    this.memberStored = memberStored;
    this.lastIdBefore = lastIdBefore;
  }
}

/** Why a reply failed, in words for the member; null when there is nothing more useful than the apology. */
export function failureReason(error: unknown): string | null {
  if (error instanceof ApiError) return error.message || null;
  if (error instanceof TypeError) return translate('chat.reply.offline');
  return error instanceof Error && error.message ? error.message : null;
}

function updateThread(
  queryClient: QueryClient,
  threadId: number,
  change: (detail: ChatThreadDetail) => ChatThreadDetail,
): void {
  queryClient.setQueryData<ChatThreadDetail>(chatThreadQueryKey(threadId), (detail) =>
    detail ? change(detail) : detail,
  );
}

/**
 * Cancels a reload of a loaded thread that is in flight, so its older answer cannot overwrite messages added
 * here. A thread still loading for the first time is left to load.
 */
async function holdThreadReloads(queryClient: QueryClient, threadId: number): Promise<void> {
  if (queryClient.getQueryData(chatThreadQueryKey(threadId))) {
    await queryClient.cancelQueries({ queryKey: chatThreadQueryKey(threadId) });
  }
}

function appendMessage(queryClient: QueryClient, message: ChatMessage): void {
  updateThread(queryClient, message.thread_id, (detail) => ({
    ...detail,
    messages: [...detail.messages.filter((m) => m.id !== message.id), message],
  }));
}

/** The thread just used moves to the top of the list at once; the list reloads after the reply. */
function touchThread(queryClient: QueryClient, threadId: number, at: string): void {
  queryClient.setQueryData<ChatThread[]>(chatThreadsQueryKey, (threads) =>
    threads ? sortThreads(threads.map((t) => (t.id === threadId ? { ...t, updated_at: at } : t))) : threads,
  );
}

/** Regenerating replaces the replies after the last member message: they leave the screen at once. */
function dropRepliesAfterLastMemberMessage(queryClient: QueryClient, threadId: number): void {
  updateThread(queryClient, threadId, (detail) => {
    const lastMember = detail.messages.findLastIndex((m) => m.role === 'user');
    return lastMember === -1 ? detail : { ...detail, messages: detail.messages.slice(0, lastMember + 1) };
  });
}

/**
 * After Stop the server stores what arrived once it notices the closed connection, which may be a moment after
 * the page asks for the thread again: read it until the kept reply is there (a few tries), so the partial text
 * on screen is replaced rather than blinked away.
 */
async function readStoppedReply(queryClient: QueryClient, threadId: number, stopped: ReplyStopped) {
  for (let attempt = 1; attempt <= STOPPED_READS; attempt += 1) {
    await queryClient.invalidateQueries({ queryKey: chatThreadQueryKey(threadId) });
    const messages = queryClient.getQueryData<ChatThreadDetail>(chatThreadQueryKey(threadId))?.messages ?? [];
    const kept = messages.some((m) => m.role === 'assistant' && m.id > stopped.lastIdBefore);
    if (!stopped.receivedText || kept || attempt === STOPPED_READS) return;
    await new Promise((resolve) => setTimeout(resolve, STOPPED_READ_GAP_MS * attempt));
  }
}

/**
 * Sends a message (or asks for a new reply) and streams the answer into the page: the member's
 * message appears at once, the reply grows piece by piece, and the stored messages replace both. Stop aborts
 * the stream; the server keeps what arrived, so the thread reloads. Any other failure calls `onFailure`.
 */
export function useChatReply({ onFailure }: { onFailure: (failure: ReplyFailure) => void }) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveReply | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onFailureRef = useRef(onFailure);
  useEffect(() => {
    onFailureRef.current = onFailure;
  });

  const mutation = useMutation({
    mutationFn: async ({ request }: ReplyVariables) => {
      const threadId = request.body.threadId;
      const controller = new AbortController();
      abortRef.current = controller;
      setLive({
        threadId,
        memberText: request.kind === 'send' ? request.body.content : null,
        memberMessageId: null,
        text: '',
        replyMessageId: null,
        stopped: false,
        runningTool: null,
        proposal: null,
      });
      const lastIdBefore =
        queryClient.getQueryData<ChatThreadDetail>(chatThreadQueryKey(threadId))?.messages.at(-1)?.id ?? 0;
      if (request.kind === 'regenerate') dropRepliesAfterLastMemberMessage(queryClient, threadId);
      await holdThreadReloads(queryClient, threadId);

      let memberStored = request.kind === 'regenerate';
      let receivedText = false;
      try {
        const result = await streamChatReply(request, {
          signal: controller.signal,
          onUserMessage: (message) => {
            memberStored = true;
            appendMessage(queryClient, message);
            touchThread(queryClient, threadId, message.created_at);
            setLive((current) => current && { ...current, memberMessageId: message.id });
          },
          onDelta: (text) => {
            receivedText = true;
            setLive((current) => current && { ...current, text: current.text + text });
          },
          onTool: (tool) => {
            setLive(
              (current) =>
                current && {
                  ...current,
                  runningTool:
                    tool.status === 'running'
                      ? tool.name
                      : current.runningTool === tool.name
                        ? null
                        : current.runningTool,
                },
            );
          },
          onProposal: (proposal) => {
            setLive((current) => current && { ...current, proposal });
          },
        });
        // A reload that started mid-stream must not put the thread back without the reply.
        await holdThreadReloads(queryClient, threadId);
        appendMessage(queryClient, result.aiMessage);
        setLive(
          (current) => current && { ...current, replyMessageId: result.aiMessage.id, runningTool: null },
        );
        // The server may still be updating the thread's memory: read the thread again once it is done.
        void result.closed.then(() =>
          queryClient.invalidateQueries({ queryKey: chatThreadQueryKey(threadId) }),
        );
        return result.aiMessage;
      } catch (error) {
        if (controller.signal.aborted) throw new ReplyStopped(receivedText, lastIdBefore);
        throw new ReplyFailed(error, memberStored, lastIdBefore);
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    onError: async (error, { request, restoreUnsentText }) => {
      const threadId = request.body.threadId;
      if (error instanceof ReplyStopped) {
        setLive((current) => current && { ...current, stopped: true });
        await readStoppedReply(queryClient, threadId, error);
        setLive(null);
        return;
      }
      console.error(`Chat reply failed: ${error.message}`);
      // The server is the judge of what was kept: a provider that failed before its first word still leaves
      // the member message stored, and a failed regenerate keeps the earlier reply. Read the thread again.
      await queryClient.invalidateQueries({ queryKey: chatThreadQueryKey(threadId) });
      const cause = error instanceof ReplyFailed ? error.cause : error;
      let unsentText: string | null = null;
      if (
        request.kind === 'send' &&
        restoreUnsentText &&
        !(error instanceof ReplyFailed && error.memberStored)
      ) {
        const { content } = request.body;
        const lastIdBefore = error instanceof ReplyFailed ? error.lastIdBefore : 0;
        const detail = queryClient.getQueryData<ChatThreadDetail>(chatThreadQueryKey(threadId));
        const kept = detail?.messages.some(
          (m) => m.role === 'user' && m.id > lastIdBefore && m.content === content.trim(),
        );
        if (!kept) unsentText = content;
      }
      setLive(null);
      onFailureRef.current({ threadId, reason: failureReason(cause), unsentText });
    },
    // Titles and order may have changed (a 'New Chat' is named after its first message).
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatThreadsQueryKey }),
  });

  return {
    live,
    streaming: mutation.isPending,
    /** The thread the reply in flight belongs to. */
    streamingThreadId: mutation.isPending ? (mutation.variables?.request.body.threadId ?? null) : null,
    start: (variables: ReplyVariables) => {
      if (!mutation.isPending) mutation.mutate(variables);
    },
    stop: () => abortRef.current?.abort(),
  };
}
