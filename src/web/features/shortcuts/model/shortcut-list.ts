import type { MessageKey } from '#web/lib/i18n/use-t.ts';
import type { ShortcutAction } from '#web/lib/shortcut-actions.ts';

/** Where `g` then a letter goes (the side navigation's entries); `label` is a message. */
export const goToShortcuts: readonly { key: string; to: string; label: MessageKey }[] = [
  { key: 'd', to: '/', label: 'shortcuts.goTo.dashboard' },
  { key: 'f', to: '/focus', label: 'shortcuts.goTo.focus' },
  { key: 'i', to: '/insights', label: 'shortcuts.goTo.insights' },
  { key: 'a', to: '/studio', label: 'shortcuts.goTo.studio' },
  { key: 'c', to: '/community', label: 'shortcuts.goTo.community' },
  { key: 'm', to: '/music', label: 'shortcuts.goTo.music' },
  { key: 's', to: '/settings', label: 'shortcuts.goTo.settings' },
];

/** What a single key does; `label` is a message. */
export type SingleKeyShortcut = {
  key: string;
  label: MessageKey;
  does: ShortcutAction | 'show-shortcuts' | 'toggle-floating-timer';
};

export const singleKeyShortcuts: readonly SingleKeyShortcut[] = [
  { key: 'n', label: 'shortcuts.single.newTask', does: 'new-task' },
  { key: 't', label: 'shortcuts.single.toggleTimer', does: 'toggle-timer' },
  { key: 'v', label: 'shortcuts.single.toggleTaskView', does: 'toggle-task-view' },
  { key: 'w', label: 'shortcuts.single.toggleFloatingTimer', does: 'toggle-floating-timer' },
  { key: '?', label: 'shortcuts.single.showShortcuts', does: 'show-shortcuts' },
];

/** How long after `g` the second key still counts. */
export const GO_TO_WINDOW_MS = 1_500;
