import { Command } from 'cmdk';
import { CheckSquare, Keyboard, MessageSquare, Newspaper, Palette, Play, Plus } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResult } from '#shared/search.ts';
import { panelThemeIds } from '#shared/themes.ts';
import { threadTitle } from '#web/features/chat/model/thread-title.ts';
import { useSearchOwnTitles } from '#web/features/search/api/search-own-titles.ts';
import { useAppearance } from '#web/features/themes/appearance-context.ts';
import { themeNameKey } from '#web/features/themes/model/theme-options.ts';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { runShortcutAction, runShortcutActionWhenReady } from '#web/lib/shortcut-actions.ts';
import { ModalDialog } from '#web/ui/dialog.tsx';
import { controlClass } from '#web/ui/field-classes.ts';
import { navigationEntries } from './navigation-entries.ts';

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl px-3 py-2 text-(--ink) aria-selected:bg-(--surface-strong) aria-selected:text-(--accent-strong)';
const groupClasses =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-sm [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-(--ink-muted)';

const resultPlace: Record<SearchResult['kind'], { heading: MessageKey; path: (id: number) => string }> = {
  task: { heading: 'app.palette.yourTasks', path: (id) => `/?task=${id}` },
  chat: { heading: 'app.palette.yourChats', path: (id) => `/studio?thread=${id}` },
  post: { heading: 'app.palette.yourPosts', path: (id) => `/community?post=${id}` },
};

/** cmdk's extra search words, a message of words separated by spaces (each language adds its own). */
function keywordsOf(words: string): string[] {
  return words.split(/\s+/).filter(Boolean);
}

const resultIcon: Record<SearchResult['kind'], ReactNode> = {
  task: <CheckSquare aria-hidden="true" className="size-5 shrink-0" />,
  chat: <MessageSquare aria-hidden="true" className="size-5 shrink-0" />,
  post: <Newspaper aria-hidden="true" className="size-5 shrink-0" />,
};

/**
 * The command palette (Ctrl-K, ⌘-K on a Mac): pages, actions (new task, the focus timer, new chat, new
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
  const t = useT();
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
    <ModalDialog title={t('app.palette.title')} onClose={onClose} initialFocus={inputRef}>
      <Command label={t('app.palette.label')} loop className="flex flex-col gap-2">
        <Command.Input
          ref={inputRef}
          value={words}
          onValueChange={setWords}
          placeholder={t('app.palette.placeholder')}
          className={controlClass}
        />
        <Command.List className="max-h-[60dvh] overflow-y-auto">
          <Command.Empty className="px-3 py-4 text-(--ink-muted)">
            {found.isFetching ? t('app.palette.searching') : t('app.palette.nothingFound')}
          </Command.Empty>
          {(['task', 'chat', 'post'] as const).map((kind) => {
            const ofKind = results.filter((result) => result.kind === kind);
            if (ofKind.length === 0) return null;
            return (
              <Command.Group key={kind} heading={t(resultPlace[kind].heading)} className={groupClasses}>
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
                    <span className="truncate">
                      {kind === 'chat' ? threadTitle(t, result) : result.title}
                    </span>
                  </Command.Item>
                ))}
              </Command.Group>
            );
          })}
          <Command.Group heading={t('app.palette.actions')} className={groupClasses}>
            <Command.Item onSelect={() => run(() => goAndAsk('/', 'new-task'))} className={itemClasses}>
              <Plus aria-hidden="true" className="size-5 shrink-0" />
              {t('app.palette.newTask')}
            </Command.Item>
            <Command.Item
              keywords={keywordsOf(t('app.palette.timerKeywords'))}
              onSelect={() => run(() => runShortcutAction('toggle-timer'))}
              className={itemClasses}
            >
              <Play aria-hidden="true" className="size-5 shrink-0" />
              {t('app.palette.toggleTimer')}
            </Command.Item>
            <Command.Item onSelect={() => run(() => goAndAsk('/studio', 'new-chat'))} className={itemClasses}>
              <MessageSquare aria-hidden="true" className="size-5 shrink-0" />
              {t('app.palette.newChat')}
            </Command.Item>
            <Command.Item
              onSelect={() => run(() => goAndAsk('/community', 'new-post'))}
              className={itemClasses}
            >
              <Newspaper aria-hidden="true" className="size-5 shrink-0" />
              {t('app.palette.newPost')}
            </Command.Item>
            <Command.Item onSelect={() => run(onShowShortcuts)} className={itemClasses}>
              <Keyboard aria-hidden="true" className="size-5 shrink-0" />
              {t('app.palette.shortcuts')}
            </Command.Item>
          </Command.Group>
          <Command.Group heading={t('app.palette.pages')} className={groupClasses}>
            {navigationEntries.map((entry) => {
              const goTo = t('app.palette.goTo', { page: t(entry.label) });
              return (
                <Command.Item
                  key={entry.to}
                  value={goTo}
                  onSelect={() => run(() => navigate(entry.to))}
                  className={itemClasses}
                >
                  <entry.icon aria-hidden="true" className="size-5 shrink-0" />
                  {goTo}
                </Command.Item>
              );
            })}
          </Command.Group>
          <Command.Group heading={t('app.palette.themes')} className={groupClasses}>
            {panelThemeIds.map((id) => (
              <Command.Item
                key={id}
                value={t('app.palette.themeValue', { theme: t(themeNameKey(id)) })}
                keywords={keywordsOf(t('app.palette.themeKeywords'))}
                onSelect={() => run(() => appearance.apply(id))}
                className={itemClasses}
              >
                <Palette aria-hidden="true" className="size-5 shrink-0" />
                {t('app.palette.switchTheme', { theme: t(themeNameKey(id)) })}
              </Command.Item>
            ))}
          </Command.Group>
        </Command.List>
      </Command>
    </ModalDialog>
  );
}
