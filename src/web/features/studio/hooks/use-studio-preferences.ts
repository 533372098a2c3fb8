import { useSyncExternalStore } from 'react';
import { type StyleMode, styleModeSchema } from '#shared/chat-persona.ts';

/** The studio's choices kept in this browser only (part 2 §2): the Lumara System toggle, its mode, the sidebar. */
export const STUDIO_STORAGE_KEYS = {
  lumaraSystem: 'studioLumaraSystem',
  styleMode: 'studioStyleMode',
  threadsOpen: 'studioThreadsOpen',
} as const;

/** Where the thread sidebar starts collapsed unless the member opened it (part 2: phones, ≤ 640 px). */
const WIDE_SCREEN_QUERY = '(min-width: 640px)';

type StoredValue<T> = {
  subscribe: (listener: () => void) => () => void;
  read: () => T;
  write: (value: T) => void;
};

/**
 * One value in localStorage that every mounted reader hears change (this tab through the listeners, other tabs
 * through the `storage` event). Storage is refused where the browser blocks site data: the default applies
 * and the value lasts until the page reloads.
 */
function storedValue<T extends string | boolean>(
  key: string,
  parse: (raw: string | null) => T,
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let fallback: T | undefined;

  function read(): T {
    try {
      return parse(window.localStorage.getItem(key));
    } catch {
      return fallback ?? parse(null);
    }
  }

  return {
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      listeners.add(listener);
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    write(value) {
      fallback = value;
      try {
        window.localStorage.setItem(key, String(value));
      } catch {
        // Nowhere to keep it.
      }
      for (const listener of listeners) listener();
    },
  };
}

function wideScreen(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN_QUERY).matches;
}

const lumaraSystem = storedValue(STUDIO_STORAGE_KEYS.lumaraSystem, (raw) => raw !== 'false');
const styleMode = storedValue<StyleMode>(STUDIO_STORAGE_KEYS.styleMode, (raw) => {
  const parsed = styleModeSchema.safeParse(raw);
  return parsed.success ? parsed.data : 'default';
});
// Open on wide screens, collapsed on phones, until the member says otherwise.
const threadsOpen = storedValue(STUDIO_STORAGE_KEYS.threadsOpen, (raw) =>
  raw === null ? wideScreen() : raw === 'true',
);

function useStoredValue<T extends string | boolean>(store: StoredValue<T>, serverValue: T) {
  const value = useSyncExternalStore(store.subscribe, store.read, () => serverValue);
  return [value, store.write] as const;
}

/** The Lumara System toggle: on unless the member turned it off. */
export function useLumaraSystemPreference() {
  return useStoredValue(lumaraSystem, true);
}

export function useStyleModePreference() {
  return useStoredValue(styleMode, 'default');
}

export function useThreadsOpenPreference() {
  return useStoredValue(threadsOpen, true);
}
