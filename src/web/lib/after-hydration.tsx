import { type ReactNode, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * Draws its children from the render after hydration on, nothing while the server renders or the browser hydrates
 * what it sent: a part that depends on this browser alone (its screen's width, what it stored, `document.body`)
 * shows only then, so the page the server painted and the browser's first render are the same (decision 0039). A
 * page the browser renders alone draws them from the start.
 *
 * A component of its own, at the leaf: the render after hydration is a synchronous one, and it redraws only this,
 * not the page around it. `children` is a function so nothing in it runs on the server.
 */
export function AfterHydration({ children }: { children: () => ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? children() : null;
}
