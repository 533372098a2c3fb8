import { CalendarCheck, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PLAN_MY_DAY_PROMPT } from '#shared/agent-tools.ts';
import type { AiChoice, ModelCategory } from '#shared/ai.ts';
import { canChat } from '#shared/ai-catalogue.ts';
import { buildQuickActionPrompt, type QuickAction } from '#shared/quick-actions.ts';
import { RESEARCH_QUERY_MAX } from '#shared/research.ts';
import { useOptimizePrompt } from '#web/features/ai/api/optimize-prompt.ts';
import { providerLabel } from '#web/features/ai/model/ai-labels.ts';
import { modelLabel } from '#web/features/ai/model/ai-selection.ts';
import { useChatThread } from '#web/features/chat/api/get-chat-thread.ts';
import type { ChatReplyRequest } from '#web/features/chat/api/stream-chat-reply.ts';
import { Composer, type ComposerNote } from '#web/features/chat/components/composer.tsx';
import { Conversation } from '#web/features/chat/components/conversation.tsx';
import { ThreadSidebar } from '#web/features/chat/components/thread-sidebar.tsx';
import { useActiveThread } from '#web/features/chat/hooks/use-active-thread.ts';
import { type ReplyFailure, useChatReply } from '#web/features/chat/hooks/use-chat-reply.ts';
import { useLocalEntries } from '#web/features/chat/hooks/use-local-entries.ts';
import { threadTitle } from '#web/features/chat/model/thread-title.ts';
import { useQuickActions } from '#web/features/quick-actions/api/get-quick-actions.ts';
import { QuickActionsRow } from '#web/features/quick-actions/components/quick-actions-row.tsx';
import { researchFailureText, useRunResearch } from '#web/features/research/api/run-research.ts';
import { browserTimeZone } from '#web/lib/browser-time-zone.ts';
import { type Translate, useLanguage, useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutAction } from '#web/lib/shortcut-actions.ts';
import { Button } from '#web/ui/button.tsx';
import {
  useLumaraSystemPreference,
  useStyleModePreference,
  useThreadsOpenPreference,
} from '../hooks/use-studio-preferences.ts';
import { LumaraSystemCard } from './lumara-system-card.tsx';
import { SidePanels } from './side-panels.tsx';

/** Why Send is off for a provider that only generates media (fal offers no chat models). */
function cannotChatHint(t: Translate, provider: AiChoice['provider']): string {
  return t('studio.chat.cannotChat', { provider: providerLabel(t, provider) });
}

/** Cuts text to `max` characters without splitting an emoji. */
function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

/**
 * The AI Chat tab: quick actions, the thread sidebar, the conversation with its input; beside
 * them the Lumara System card and the side panels.
 */
export function ChatTab({
  catalogue,
  selection,
  modelsReady,
  onOpenGallery,
  openThreadId = null,
  onThreadOpened,
}: {
  catalogue: readonly ModelCategory[];
  selection: AiChoice;
  /** The saved choice is known: sending before that could use a model the member did not pick. */
  modelsReady: boolean;
  onOpenGallery?: () => void;
  /** A thread to open once the list is in (the command palette opens one). */
  openThreadId?: number | null;
  onThreadOpened?: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const [lumaraSystem, setLumaraSystem] = useLumaraSystemPreference();
  const [styleMode, setStyleMode] = useStyleModePreference();
  const [threadsOpen, setThreadsOpen] = useThreadsOpenPreference();
  const threadsState = useActiveThread();
  const { activeThread, selectThread, startNewChat } = threadsState;
  const threadList = threadsState.threads.data;
  useEffect(() => {
    if (openThreadId === null || !threadList) return;
    const wanted = threadList.find((candidate) => candidate.id === openThreadId);
    if (wanted) selectThread(wanted);
    onThreadOpened?.();
  }, [openThreadId, threadList, selectThread, onThreadOpened]);
  // The command palette's New chat.
  useShortcutAction('new-chat', startNewChat);
  const threadId = activeThread?.id ?? null;
  const thread = useChatThread(threadId);
  const quickActions = useQuickActions();
  const entries = useLocalEntries();
  const research = useRunResearch();
  const optimize = useOptimizePrompt();

  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<ComposerNote | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  function onReplyFailure(failure: ReplyFailure) {
    entries.add(failure.threadId, { kind: 'failure', reason: failure.reason });
    // The server never stored the member's words: they go back into the box (unless something new is there).
    if (failure.unsentText !== null) {
      const unsent = failure.unsentText;
      setDraft((current) => (current.trim() === '' ? unsent : current));
    }
  }
  const reply = useChatReply({ onFailure: onReplyFailure });

  // The input was disabled while Lumara wrote, which dropped keyboard focus: give it back for the next message.
  const wasStreaming = useRef(false);
  useEffect(() => {
    if (wasStreaming.current && !reply.streaming && document.activeElement === document.body) {
      textareaRef.current?.focus();
    }
    wasStreaming.current = reply.streaming;
  }, [reply.streaming]);

  const providerCanChat = canChat(catalogue, selection.provider);
  // A chat model whose category cannot use Lumara's tools still chats, but proposes no changes.
  const chosenCategory = catalogue.find(
    (category) =>
      category.provider === selection.provider &&
      category.kind === 'chat' &&
      category.models.some((model) => model.id === selection.model),
  );
  const cannotAct = providerCanChat && chosenCategory?.canUseTools === false;
  // "Plan my day" needs a model that reads the member's tasks and proposes changes.
  const canAct = providerCanChat && chosenCategory?.canUseTools === true;
  const ready = threadId !== null && modelsReady && !reply.streaming;
  const canSend = ready && providerCanChat && selection.model !== '';
  const busy = reply.streaming || research.isPending;

  function replySettings() {
    // The browser's zone: which day "today" is for the AI's tools when the member's profile names none.
    return { lumaraSystem, styleMode, time_zone: browserTimeZone() };
  }

  function startReply(request: ChatReplyRequest, restoreUnsentText: boolean) {
    setNote(null);
    reply.start({ request, restoreUnsentText });
  }

  function send() {
    const content = draft.trim();
    if (!canSend || threadId === null || content === '') return;
    setDraft('');
    startReply(
      {
        kind: 'send',
        body: { threadId, content, provider: selection.provider, model: selection.model, ...replySettings() },
      },
      true,
    );
  }

  /** Sends the Lumara persona's "Plan my day" prompt, in the interface's language, as the member's message. */
  function planMyDay() {
    if (!canSend || !canAct || threadId === null) return;
    startReply(
      {
        kind: 'send',
        body: {
          threadId,
          content: PLAN_MY_DAY_PROMPT[language],
          provider: selection.provider,
          model: selection.model,
          ...replySettings(),
        },
      },
      false,
    );
  }

  function regenerate() {
    if (!canSend || threadId === null) return;
    startReply(
      {
        kind: 'regenerate',
        body: { threadId, provider: selection.provider, model: selection.model, ...replySettings() },
      },
      false,
    );
  }

  function startResearch(query: string, { clearDraft }: { clearDraft: boolean }) {
    if (threadId === null) return;
    const forThread = threadId;
    setNote({ tone: 'info', text: t('studio.chat.searchingResearch') });
    research.mutate(cut(query.trim(), RESEARCH_QUERY_MAX), {
      onSuccess: (result) => {
        setNote(null);
        entries.add(forThread, { kind: 'research', result });
        if (clearDraft) setDraft('');
      },
      onError: (error) => {
        console.error(`Research failed: ${error.message}`);
        setNote(null);
        // The input receives the failure.
        setDraft(researchFailureText(error));
      },
    });
  }

  function onResearch() {
    if (draft.trim() === '') {
      window.alert(t('research.emptyTopic'));
      textareaRef.current?.focus();
      return;
    }
    startResearch(draft, { clearDraft: true });
  }

  function onOptimize() {
    const original = draft;
    if (original.trim() === '' || !providerCanChat) return;
    setNote(null);
    optimize.mutate(
      { prompt: original.trim(), provider: selection.provider, model: selection.model },
      {
        onSuccess: ({ prompt }) => {
          // An empty answer keeps what the member wrote (the optimizer falls back to the original).
          setDraft((current) => (current === original && prompt.trim() !== '' ? prompt : current));
        },
        onError: (error) => {
          console.error(`Prompt optimizer failed: ${error.message}`);
          setNote({ tone: 'error', text: t('studio.chat.optimizeFailed', { reason: error.message }) });
        },
      },
    );
  }

  function runQuickAction(action: QuickAction) {
    const box = textareaRef.current;
    const selected = box ? box.value.slice(box.selectionStart, box.selectionEnd) : '';
    const text = selected.trim() !== '' ? selected : draft;
    if (text.trim() === '') {
      box?.focus();
      setNote({ tone: 'info', text: t('studio.chat.quickActionNeedsText') });
      return;
    }
    const prompt = buildQuickActionPrompt(action.payload, text);
    if (action.payload.type === 'research') {
      startResearch(prompt, { clearDraft: false });
      return;
    }
    if (threadId === null) return;
    startReply(
      {
        kind: 'send',
        body: {
          threadId,
          content: prompt,
          provider: action.payload.provider,
          model: action.payload.model,
          ...replySettings(),
        },
      },
      false,
    );
  }

  const live = reply.live && reply.live.threadId === threadId ? reply.live : null;
  const streamingHere = reply.streaming && reply.streamingThreadId === threadId;
  const messages = thread.data?.messages ?? [];
  const canRegenerate = canSend && messages.some((m) => m.role === 'user');

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_19rem] xl:items-start">
      <div className="flex min-w-0 flex-col gap-6">
        <section
          aria-label={t('studio.chat.label')}
          className="glass flex min-w-0 flex-col gap-4 rounded-3xl p-3 sm:p-6"
        >
          <QuickActionsRow disabled={!ready || busy} onRun={runQuickAction} />
          <div className="flex min-w-0 flex-col gap-4 sm:flex-row">
            {threadsOpen ? <ThreadSidebar id={`${id}-threads`} threadsState={threadsState} /> : null}
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <div className="flex items-center gap-2">
                <Button
                  variant="ghost"
                  aria-expanded={threadsOpen}
                  aria-controls={threadsOpen ? `${id}-threads` : undefined}
                  onClick={() => setThreadsOpen(!threadsOpen)}
                  className="px-3!"
                >
                  {threadsOpen ? (
                    <PanelLeftClose aria-hidden="true" className="size-5" />
                  ) : (
                    <PanelLeftOpen aria-hidden="true" className="size-5" />
                  )}
                  <span className="text-sm whitespace-nowrap">
                    {threadsOpen ? t('studio.chat.hideThreads') : t('studio.chat.showThreads')}
                  </span>
                </Button>
                <h2 className="min-w-0 truncate text-lg font-bold text-(--ink)">
                  {activeThread ? threadTitle(t, activeThread) : t('studio.chat.label')}
                </h2>
                {canAct ? (
                  <Button
                    variant="secondary"
                    onClick={planMyDay}
                    disabled={!canSend || busy}
                    className="ml-auto shrink-0 px-3!"
                  >
                    <CalendarCheck aria-hidden="true" className="size-5" />
                    <span className="text-sm whitespace-nowrap">{t('studio.chat.planMyDay')}</span>
                  </Button>
                ) : null}
              </div>
              <Conversation
                threadId={threadId}
                thread={thread}
                entries={entries.entriesOf(threadId)}
                live={live}
                streaming={streamingHere}
                canRegenerate={canRegenerate}
                onRegenerate={regenerate}
              />
              <Composer
                textareaRef={textareaRef}
                value={draft}
                onChange={setDraft}
                onSend={send}
                onStop={reply.stop}
                onOptimize={onOptimize}
                onResearch={onResearch}
                streaming={reply.streaming}
                canSend={canSend}
                sendBlockedHint={providerCanChat ? null : cannotChatHint(t, selection.provider)}
                toolsNote={cannotAct ? t('studio.chat.cannotAct') : null}
                optimizing={optimize.isPending}
                canOptimize={providerCanChat && modelsReady && !busy}
                researching={research.isPending}
                canResearch={threadId !== null && !busy}
                note={note}
              />
            </div>
          </div>
        </section>
      </div>
      {/* Beside the chat on wide screens, below it on narrow ones: the conversation comes first. */}
      <div className="flex min-w-0 flex-col gap-4">
        <LumaraSystemCard
          enabled={lumaraSystem}
          onEnabledChange={setLumaraSystem}
          mode={styleMode}
          onModeChange={setStyleMode}
        />
        <SidePanels
          selection={selection}
          modelName={modelLabel(catalogue, selection, t)}
          lumaraSystem={lumaraSystem}
          styleMode={styleMode}
          memory={thread.data?.memory ?? null}
          threadCount={threadsState.threads.data?.length ?? null}
          messageCount={thread.data ? messages.length : null}
          quickActionCount={quickActions.data?.length ?? null}
          onOpenGallery={onOpenGallery}
        />
      </div>
    </div>
  );
}
