import { useSyncExternalStore } from 'react';

/** Part 1 §3 "floating-pomodoro enabled": kept in this browser only, as 'true' or 'false'. */
export const FLOATING_POMODORO_STORAGE_KEY = 'floatingPomodoroEnabled';

// Every mounted reader (the switch in the side nav, the one in the mobile menu, later the widget) hears a
// change made in this tab; the `storage` event covers other tabs.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === FLOATING_POMODORO_STORAGE_KEY || event.key === null) {
      listener();
    }
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** On unless the member turned it off. */
function readPreference(): boolean {
  try {
    return window.localStorage.getItem(FLOATING_POMODORO_STORAGE_KEY) !== 'false';
  } catch {
    // Storage is refused when the browser blocks site data; the default applies.
    return true;
  }
}

export function setFloatingPomodoroEnabled(enabled: boolean): void {
  try {
    window.localStorage.setItem(FLOATING_POMODORO_STORAGE_KEY, String(enabled));
  } catch {
    // Nowhere to keep it: the preference lasts as long as nothing re-reads it, which is the best on offer.
  }
  for (const listener of listeners) {
    listener();
  }
}

export function useFloatingPomodoroPreference(): readonly [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, readPreference, () => true);
  return [enabled, setFloatingPomodoroEnabled] as const;
}
