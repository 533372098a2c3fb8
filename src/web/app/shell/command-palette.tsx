import { Command } from 'cmdk';
import { CheckSquare, Keyboard, MessageSquare, Newspaper, Palette, Play, Plus } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResult } from '#shared/search.ts';
import { panelThemeIds, panelThemes } from '#shared/themes.ts';
import { useSearchOwnTitles } from '#web/features/search/api/search-own-titles.ts';
import { useAppearance } from '#web/features/themes/appearance-context.ts';
import { runShortcutAction, runShortcutActionWhenReady } from '#web/lib/shortcut-actions.ts';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { navigationEntries } from './navigation-entries.ts';

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl px-3 py-2 text-(--ink) aria-selected:bg-(--surface-strong) aria-selected:text-(--accent-strong)';
const groupClasses =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-sm [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-(--ink-muted)';

const resultPlace: Record<SearchResult['kind'], { heading: string; path: (id: number) => string }> = {
  task: { heading: 'Your tasks', path: (id) => `/?task=${id}` },
  chat: { heading: 'Your chats', path: (id) => `/studio?thread=${id}` },
  post: { heading: 'Your posts', path: (id) => `/community?post=${id}` },
};
const resultIcon: Record<SearchResult['kind'], ReactNode> = {
  task: <CheckSquare aria-hidden="true" className="size-5 shrink-0" />,
  chat: <MessageSquare aria-hidden="true" className="size-5 shrink-0" />,
  post: <Newspaper aria-hidden="true" className="size-5 shrink-0" />,
};

/**
 * The command palette (Ctrl-K, ⌘-K on a Mac; issue 18): pages, actions (new task, the focus timer, new chat, new
 * post, a theme, the shortcuts) and, as the member types, their own tasks, chats and posts found by title
 * (`GET /api/search`). Arrow keys move, Enter does it, Escape closes. It composes features, so it lives with the
 * app shell.
 */
export function CommandPalette({
  onClose,
  onShowShortcuts,
}: {
  onClose: () => void;
  onShowShortcuts: () => void;
}) {
  const navigate = useNavigate();
  const appearance = useAppearance();
  const inputRef = useRef<HTMLInputElement>(null);
  const [words, setWords] = useState('');
  const found = useSearchOwnTitles(words);

  function run(action: () => void) {
    onClose();
    action();
  }

  function goAndAsk(path: string, action: 'new-task' | 'new-chat' | 'new-post') {
    navigate(path);
    runShortcutActionWhenReady(action);
  }

  const results = words.trim() ? (found.data ?? []) : [];
  return (
    <ModalDialog title="Go anywhere, do anything" onClose={onClose} initialFocus={inputRef}>
      <Command label="Command palette" loop className="flex flex-col gap-2">
        <Command.Input
          ref={inputRef}
          value={words}
          onValueChange={setWords}
          placeholder="Type a page, an action, or a task, chat or post…"
          className="min-h-11 rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 text-(--ink) placeholder:text-(--ink-muted)"
        />
        <Command.List className="max-h-[60dvh] overflow-y-auto">
          <Command.Empty className="px-3 py-4 text-(--ink-muted)">
            {found.isFetching ? 'Searching…' : 'Nothing found.'}
          </Command.Empty>
          {(['task', 'chat', 'post'] as const).map((kind) => {
            const ofKind = results.filter((result) => result.kind === kind);
            if (ofKind.length === 0) return null;
            return (
              <Command.Group key={kind} heading={resultPlace[kind].heading} className={groupClasses}>
                {ofKind.map((result) => (
                  <Command.Item
                    key={`${kind}-${result.id}`}
                    value={`${kind} ${result.id} ${result.title}`}
                    // Found by the server: the typed words are in the title, whatever the fuzzy filter thinks.
                    keywords={[words]}
                    onSelect={() => run(() => navigate(resultPlace[kind].path(result.id)))}
                    className={itemClasses}
                  >
                    {resultIcon[kind]}
                    <span className="truncate">{result.title}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            );
          })}
          <Command.Group heading="Actions" className={groupClasses}>
            <Command.Item onSelect={() => run(() => goAndAsk('/', 'new-task'))} className={itemClasses}>
              <Plus aria-hidden="true" className="size-5 shrink-0" />
              New task
            </Command.Item>
            <Command.Item
              keywords={['pomodoro', 'focus', 'pause']}
              onSelect={() => run(() => runShortcutAction('toggle-timer'))}
              className={itemClasses}
            >
              <Play aria-hidden="true" className="size-5 shrink-0" />
              Start or pause the focus timer
            </Command.Item>
            <Command.Item onSelect={() => run(() => goAndAsk('/studio', 'new-chat'))} className={itemClasses}>
              <MessageSquare aria-hidden="true" className="size-5 shrink-0" />
              New chat
            </Command.Item>
            <Command.Item
              onSelect={() => run(() => goAndAsk('/community', 'new-post'))}
              className={itemClasses}
            >
              <Newspaper aria-hidden="true" className="size-5 shrink-0" />
              New post
            </Command.Item>
            <Command.Item onSelect={() => run(onShowShortcuts)} className={itemClasses}>
              <Keyboard aria-hidden="true" className="size-5 shrink-0" />
              Keyboard shortcuts
            </Command.Item>
          </Command.Group>
          <Command.Group heading="Pages" className={groupClasses}>
            {navigationEntries.map((entry) => (
              <Command.Item
                key={entry.to}
                value={`Go to ${entry.label}`}
                onSelect={() => run(() => navigate(entry.to))}
                className={itemClasses}
              >
                <entry.icon aria-hidden="true" className="size-5 shrink-0" />
                Go to {entry.label}
              </Command.Item>
            ))}
          </Command.Group>
          <Command.Group heading="Themes" className={groupClasses}>
            {panelThemeIds.map((id) => (
              <Command.Item
                key={id}
                value={`Theme ${panelThemes[id].name}`}
                keywords={['colour', 'color', 'look']}
                onSelect={() => run(() => appearance.apply(id))}
                className={itemClasses}
              >
                <Palette aria-hidden="true" className="size-5 shrink-0" />
                Switch to the {panelThemes[id].name} theme
              </Command.Item>
            ))}
          </Command.Group>
        </Command.List>
      </Command>
    </ModalDialog>
  );
}
