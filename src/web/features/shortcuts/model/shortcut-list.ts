import type { ShortcutAction } from '#web/lib/shortcut-actions.ts';

/** Where `g` then a letter goes (the side navigation's entries, part 1 §2). */
export const goToShortcuts = [
  { key: 'd', to: '/', label: 'Go to Dashboard' },
  { key: 'f', to: '/focus', label: 'Go to Focus' },
  { key: 'a', to: '/studio', label: 'Go to AI Studio' },
  { key: 'c', to: '/community', label: 'Go to Community' },
  { key: 'm', to: '/music', label: 'Go to Music' },
  { key: 's', to: '/settings', label: 'Go to Settings' },
] as const;

/** What a single key does. */
export type SingleKeyShortcut = {
  key: string;
  label: string;
  does: ShortcutAction | 'show-shortcuts' | 'toggle-floating-timer';
};

export const singleKeyShortcuts: readonly SingleKeyShortcut[] = [
  { key: 'n', label: 'New task', does: 'new-task' },
  { key: 't', label: 'Start or pause the focus timer', does: 'toggle-timer' },
  { key: 'v', label: 'Switch the tasks between list and kanban', does: 'toggle-task-view' },
  { key: 'w', label: 'Show or hide the floating timer', does: 'toggle-floating-timer' },
  { key: '?', label: 'Show these shortcuts', does: 'show-shortcuts' },
];

/** How long after `g` the second key still counts. */
export const GO_TO_WINDOW_MS = 1_500;
