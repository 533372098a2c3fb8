import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useKeyboardShortcutsPreference } from '#web/lib/keyboard-shortcuts-preference.ts';
import { runShortcutAction, runShortcutActionWhenReady } from '#web/lib/shortcut-actions.ts';
import { shortcutKeyOf } from '../model/read-shortcut-key.ts';
import {
  GO_TO_WINDOW_MS,
  goToShortcuts,
  type SingleKeyShortcut,
  singleKeyShortcuts,
} from '../model/shortcut-list.ts';

/**
 * Listens for the shortcuts of shortcut-list.ts on the whole page while they are on. `g` then a letter goes to a
 * page; a single key does its action. `onShowShortcuts` opens the sheet; `onToggleFloatingTimer` flips the
 * floating timer's switch (the shell owns both).
 */
export function useKeyboardShortcuts({
  onShowShortcuts,
  onToggleFloatingTimer,
}: {
  onShowShortcuts: () => void;
  onToggleFloatingTimer: () => void;
}): void {
  const [enabled] = useKeyboardShortcutsPreference();
  const navigate = useNavigate();
  const latest = useRef({ onShowShortcuts, onToggleFloatingTimer, navigate });
  latest.current = { onShowShortcuts, onToggleFloatingTimer, navigate };

  useEffect(() => {
    if (!enabled) return;
    let goToUntil = 0;

    function perform(does: SingleKeyShortcut['does']): void {
      if (does === 'show-shortcuts') latest.current.onShowShortcuts();
      else if (does === 'toggle-floating-timer') latest.current.onToggleFloatingTimer();
      else if (does === 'new-task') {
        // The new-task field is on the dashboard: from elsewhere, go there and type.
        if (!runShortcutAction('new-task')) {
          latest.current.navigate('/');
          runShortcutActionWhenReady('new-task');
        }
      } else runShortcutAction(does);
    }

    function onKeyDown(event: KeyboardEvent): void {
      const key = shortcutKeyOf(event);
      if (key === null) return;
      if (Date.now() < goToUntil) {
        goToUntil = 0;
        const target = goToShortcuts.find((shortcut) => shortcut.key === key);
        if (target) {
          event.preventDefault();
          latest.current.navigate(target.to);
        }
        return;
      }
      if (key === 'g') {
        goToUntil = Date.now() + GO_TO_WINDOW_MS;
        return;
      }
      const shortcut = singleKeyShortcuts.find((candidate) => candidate.key === key);
      if (!shortcut) return;
      event.preventDefault();
      perform(shortcut.does);
    }

    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
