import { Archive, MessageSquarePlus } from 'lucide-react';
import type { ChatThread } from '#shared/chat.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import type { useActiveThread } from '../hooks/use-active-thread.ts';

const updatedFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function updatedText(thread: ChatThread): string {
  const time = Date.parse(thread.updated_at);
  return Number.isNaN(time) ? '' : updatedFormat.format(time);
}

/** The thread sidebar (part 2 §2, §4): New chat, the threads newest first, and Archive on each. */
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

  return (
    <nav
      id={id}
      aria-label="Chat threads"
      className="flex shrink-0 flex-col gap-3 sm:w-56 sm:border-r sm:border-(--line) sm:pr-4"
    >
      <Button variant="secondary" busy={creating} onClick={startNewChat}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        New chat
      </Button>
      {createError ? <Alert>Could not start a new chat. Please try again.</Alert> : null}
      {threadsState.archiveError ? <Alert>Could not archive that chat. Please try again.</Alert> : null}
      <QueryState
        query={threads}
        what="chats"
        loading={
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading your chats</span>
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
        empty={<p className="text-sm text-(--ink-muted)">Starting your first chat…</p>}
      >
        {(list) => (
          <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto sm:max-h-[28rem]">
            {list.map((thread) => {
              const current = thread.id === activeThread?.id;
              return (
                <li key={thread.id} className="flex items-stretch gap-1">
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => selectThread(thread)}
                    className={`flex min-h-11 min-w-0 flex-1 flex-col items-start justify-center rounded-2xl px-3 py-1.5 text-left ${
                      current
                        ? 'bg-(--accent) text-(--on-accent)'
                        : 'text-(--ink) hover:bg-(--surface-strong)'
                    }`}
                  >
                    <span className="w-full truncate text-sm font-semibold">{thread.title}</span>{' '}
                    <span className={`text-xs ${current ? 'text-(--on-accent)' : 'text-(--ink-muted)'}`}>
                      {updatedText(thread)}
                    </span>
                  </button>
                  <button
                    type="button"
                    aria-label={`Archive ${thread.title}`}
                    title="Archive"
                    disabled={archiving?.id === thread.id}
                    onClick={() => archiveThread(thread)}
                    className="grid min-h-11 min-w-11 place-items-center rounded-2xl text-(--ink-muted) hover:bg-(--surface-strong) hover:text-(--ink) disabled:opacity-50"
                  >
                    <Archive aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </nav>
  );
}
