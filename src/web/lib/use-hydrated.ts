import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates what it sent, true from the render after: a part
 * that depends on this browser alone (its screen's width, what it stored) shows only then, so the page the
 * server painted and the browser's first render are the same (decision 0039). A page the browser renders alone is
 * hydrated from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
