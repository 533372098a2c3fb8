import { LoaderCircle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChatMessage } from '#shared/chat.ts';
import { ResearchCard } from '#web/features/research/components/research-card.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import type { useChatThread } from '../api/get-chat-thread.ts';
import type { LiveReply } from '../hooks/use-chat-reply.ts';
import { useStickToBottom } from '../hooks/use-stick-to-bottom.ts';
import { interleave, type LocalEntry } from '../model/local-entries.ts';
import { toolStatusText } from '../model/proposal-view.ts';
import { ProposalCard } from './proposal-card.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

/**
 * The message area: member messages on the right, Lumara's on the left beside the parrot, the
 * reply being written as it streams, the typing indicator until its first words, and the page's own entries
 * (apologies, research). Follows new content down unless the member scrolled up.
 */
export function Conversation({
  threadId,
  thread,
  entries,
  live,
  streaming,
  canRegenerate,
  onRegenerate,
}: {
  threadId: number | null;
  thread: ReturnType<typeof useChatThread>;
  entries: readonly LocalEntry[];
  /** The reply in flight when it belongs to this thread. */
  live: LiveReply | null;
  streaming: boolean;
  canRegenerate: boolean;
  onRegenerate: () => void;
}) {
  const t = useT();
  const messages = thread.data?.messages ?? [];
  const storedIds = new Set(messages.map((m) => m.id));
  const showLiveMember =
    live?.memberText != null && !(live.memberMessageId !== null && storedIds.has(live.memberMessageId));
  const showLiveReply =
    live !== null &&
    live.text !== '' &&
    !(live.replyMessageId !== null && storedIds.has(live.replyMessageId));
  const replyStored = live?.replyMessageId != null && storedIds.has(live.replyMessageId);
  const liveProposal = live?.proposal && !replyStored ? live.proposal : null;
  const runningTool = streaming && live?.runningTool ? live.runningTool : null;
  const typing = streaming && live !== null && live.text === '' && runningTool === null;
  const items = interleave(messages, entries);
  const lastMessage = messages.at(-1);

  const contentKey = `${messages.length}:${lastMessage?.id}:${entries.length}:${live?.text.length}:${typing}:${runningTool}:${liveProposal?.id}`;
  const { ref, onScroll } = useStickToBottom<HTMLDivElement>(contentKey, threadId);

  const greeting =
    items.length === 0 && !showLiveMember && !streaming ? (
      <div className="m-auto flex max-w-sm flex-col items-center gap-2 text-center">
        <span aria-hidden="true" className="text-4xl">
          🦜
        </span>
        <p className="font-semibold text-(--ink)">{t('chat.conversation.greeting')}</p>
        <p className="text-sm text-(--ink-muted)">{t('chat.conversation.greetingHelp')}</p>
      </div>
    ) : null;

  return (
    <div
      ref={ref}
      onScroll={onScroll}
      // A scrolling region must be reachable by keyboard to be scrolled by it.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
      tabIndex={0}
      role="log"
      aria-label={t('chat.conversation.label')}
      aria-relevant="additions"
      aria-busy={streaming || undefined}
      className="flex h-[min(60dvh,34rem)] min-h-72 flex-col gap-4 overflow-y-auto rounded-3xl bg-(--surface) p-3 sm:p-4"
    >
      <QueryState
        query={thread}
        what={t('chat.conversation.what')}
        // With no thread open the query is off, so pending for good: the greeting, not a loading line.
        loading={
          threadId === null ? (
            greeting
          ) : (
            <p className="m-auto text-(--ink-muted)">{t('chat.conversation.loading')}</p>
          )
        }
        error={
          <div className="m-auto flex flex-col items-center gap-3 text-center">
            <p className="text-(--danger)">{t('chat.conversation.loadFailed')}</p>
            <Button variant="secondary" busy={thread.isFetching} onClick={() => void thread.refetch()}>
              {t('chat.conversation.retry')}
            </Button>
          </div>
        }
      >
        {() => greeting}
      </QueryState>

      {thread.data?.hasMore ? (
        <p className="text-center text-xs text-(--ink-muted)">
          {t('chat.conversation.latestOnly', { count: messages.length })}
        </p>
      ) : null}

      {thread.isError ? null : (
        <ol className="flex flex-col gap-4">
          {items.map((item) =>
            item.kind === 'message' ? (
              <li key={`m-${item.message.id}`}>
                <MessageBubble message={item.message} />
              </li>
            ) : item.entry.kind === 'failure' ? (
              <li key={item.entry.key}>
                <AssistantBubble>
                  <p>{t('chat.reply.failure')}</p>
                  {item.entry.reason ? (
                    <p className="mt-1 text-xs text-(--ink-muted)">{item.entry.reason}</p>
                  ) : null}
                </AssistantBubble>
              </li>
            ) : (
              <li key={item.entry.key}>
                <ResearchCard result={item.entry.result} />
              </li>
            ),
          )}
          {showLiveMember && live ? (
            <li>
              <MemberBubble text={live.memberText ?? ''} />
            </li>
          ) : null}
          {showLiveReply && live ? (
            // Screen readers hear the stored reply once it is complete, not every word as it arrives.
            <li aria-hidden="true">
              <AssistantBubble>
                <p className="whitespace-pre-wrap">{live.text}</p>
                {live.stopped ? <StoppedNote /> : null}
              </AssistantBubble>
            </li>
          ) : null}
          {liveProposal && live ? (
            // The changes arrive before the stored reply: they can be read and acted on at once.
            <li className="pl-12">
              <ProposalCard threadId={live.threadId} proposal={liveProposal} />
            </li>
          ) : null}
        </ol>
      )}

      {runningTool ? <ToolStatus tool={runningTool} /> : null}
      {typing ? <TypingIndicator /> : null}

      {canRegenerate && !streaming && lastMessage ? (
        <div className="flex justify-start pl-12">
          <Button variant="ghost" onClick={onRegenerate} className="min-h-9! px-3! py-1! text-sm">
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('chat.conversation.regenerate')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const t = useT();
  if (message.role === 'user') return <MemberBubble text={message.content} />;
  const empty = message.content.trim() === '';
  return (
    <AssistantBubble>
      {empty ? (
        <p className="text-(--ink-muted) italic">{t('chat.reply.empty')}</p>
      ) : (
        <p className="whitespace-pre-wrap">{message.content}</p>
      )}
      {message.stopped ? <StoppedNote /> : null}
      {message.proposal ? <ProposalCard threadId={message.thread_id} proposal={message.proposal} /> : null}
    </AssistantBubble>
  );
}

/** What the model is reading while it works ("Reading your tasks…"), said once, politely. */
function ToolStatus({ tool }: { tool: string }) {
  const t = useT();
  return (
    <p role="status" className="flex items-center gap-2 pl-12 text-sm text-(--ink-muted)">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      {toolStatusText(t, tool)}
    </p>
  );
}

function MemberBubble({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] rounded-3xl rounded-br-md bg-(--accent) px-4 py-2.5 break-words text-(--on-accent) shadow-(--glow)">
        <span className="sr-only">{t('chat.message.you')} </span>
        <p className="whitespace-pre-wrap">{text}</p>
      </div>
    </div>
  );
}

export function AssistantBubble({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-end gap-2">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-(--surface-strong) text-xl ring-2 ring-white/70"
      >
        🦜
      </span>
      <div className="max-w-[85%] rounded-3xl rounded-bl-md bg-(--surface-strong) px-4 py-2.5 break-words text-(--ink)">
        <span className="sr-only">Lumara: </span>
        {children}
      </div>
    </div>
  );
}

function StoppedNote() {
  const t = useT();
  return <p className="mt-1 text-xs font-semibold text-(--ink-muted)">{t('chat.reply.stopped')}</p>;
}
