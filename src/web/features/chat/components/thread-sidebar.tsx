import { Archive, MessageSquarePlus } from 'lucide-react';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button, IconButton } from '#web/ui/button.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import type { useActiveThread } from '../hooks/use-active-thread.ts';
import { threadTitle } from '../model/thread-title.ts';

const UPDATED_FORMAT: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** The thread sidebar: New chat, the threads newest first, and Archive on each. */
export function ThreadSidebar({
  id,
  threadsState,
}: {
  id: string;
  threadsState: ReturnType<typeof useActiveThread>;
}) {
  const {
    threads,
    activeThread,
    selectThread,
    startNewChat,
    creating,
    createError,
    archiveThread,
    archiving,
  } = threadsState;
  const t = useT();
  const format = useFormat();

  function updatedText(updatedAt: string): string {
    const time = Date.parse(updatedAt);
    return Number.isNaN(time) ? '' : format.date(time, UPDATED_FORMAT);
  }

  return (
    <nav
      id={id}
      aria-label={t('chat.threads.label')}
      className="flex shrink-0 flex-col gap-3 sm:w-56 sm:border-r sm:border-(--line) sm:pr-4"
    >
      <Button variant="secondary" busy={creating} onClick={startNewChat}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        {t('chat.threads.newChat')}
      </Button>
      {createError ? <Alert>{t('chat.threads.createFailed')}</Alert> : null}
      {threadsState.archiveError ? <Alert>{t('chat.threads.archiveFailed')}</Alert> : null}
      <QueryState
        query={threads}
        what={t('chat.threads.what')}
        loading={
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">{t('chat.threads.loading')}</span>
            {[0, 1, 2].map((row) => (
              <div
                key={row}
                aria-hidden="true"
                className="h-11 animate-pulse rounded-2xl bg-(--surface-strong)"
              />
            ))}
          </div>
        }
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-(--ink-muted)">{t('chat.threads.startingFirst')}</p>}
      >
        {(list) => (
          <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto sm:max-h-[28rem]">
            {list.map((thread) => {
              const current = thread.id === activeThread?.id;
              return (
                <li key={thread.id} className="flex items-stretch gap-1">
                  <Button
                    variant="bare"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => selectThread(thread)}
                    className={`flex min-h-11 min-w-0 flex-1 flex-col items-start justify-center rounded-2xl px-3 py-1.5 text-left ${
                      current
                        ? 'bg-(--accent) text-(--on-accent)'
                        : 'text-(--ink) hover:bg-(--surface-strong)'
                    }`}
                  >
                    <span className="w-full truncate text-sm font-semibold">{threadTitle(t, thread)}</span>{' '}
                    <span className={`text-xs ${current ? 'text-(--on-accent)' : 'text-(--ink-muted)'}`}>
                      {updatedText(thread.updated_at)}
                    </span>
                  </Button>
                  <IconButton
                    label={t('chat.threads.archiveLabel', { title: threadTitle(t, thread) })}
                    title={t('chat.threads.archive')}
                    disabled={archiving?.id === thread.id}
                    onClick={() => archiveThread(thread)}
                    className="grid min-h-11 min-w-11 place-items-center rounded-2xl text-(--ink-muted) hover:bg-(--surface-strong) hover:text-(--ink) disabled:opacity-50"
                  >
                    <Archive aria-hidden="true" className="size-4" />
                  </IconButton>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </nav>
  );
}
