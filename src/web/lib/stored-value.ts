import { useSyncExternalStore } from 'react';

export type StoredValue<T> = {
  subscribe: (listener: () => void) => () => void;
  read: () => T;
  write: (value: T) => void;
};

/**
 * One value in localStorage that every mounted reader hears change (this tab through the listeners, other tabs
 * through the `storage` event). Storage is refused where the browser blocks site data: the default applies
 * and the value lasts until the page reloads.
 */
export function storedValue<T extends string | boolean>(
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

/** The value, and the setter every reader hears. */
export function useStoredValue<T extends string | boolean>(store: StoredValue<T>, serverValue: T) {
  const value = useSyncExternalStore(store.subscribe, store.read, () => serverValue);
  return [value, store.write] as const;
}
