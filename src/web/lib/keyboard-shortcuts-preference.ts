import { storedValue, useStoredValue } from './stored-value.ts';

/**
 * Whether Lumara's single-key shortcuts are on (WCAG 2.1.4: character key shortcuts can be turned off).
 * Kept in this browser, on unless the member turned them off in Settings. Features read it to show a control's
 * shortcut in its tooltip only while the shortcut works.
 */
export const KEYBOARD_SHORTCUTS_STORAGE_KEY = 'keyboardShortcutsEnabled';

const keyboardShortcuts = storedValue(KEYBOARD_SHORTCUTS_STORAGE_KEY, (raw) => raw !== 'false');

export function useKeyboardShortcutsPreference(): readonly [boolean, (enabled: boolean) => void] {
  return useStoredValue(keyboardShortcuts, true);
}

/**
 * What a control carries to show its shortcut while shortcuts are on: `aria-keyshortcuts` for assistive
 * technology, and a tooltip naming what it does and its key (`hint` reads "t" or "g then d").
 */
export function useShortcutHint(
  what: string,
  keys: { aria?: string; hint: string },
): { 'aria-keyshortcuts'?: string; title?: string } {
  const [enabled] = useKeyboardShortcutsPreference();
  if (!enabled) return {};
  return { ...(keys.aria ? { 'aria-keyshortcuts': keys.aria } : {}), title: `${what} (${keys.hint})` };
}
