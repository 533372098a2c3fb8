import { type RefObject, useEffect, useRef } from 'react';
import { formatClock } from '../model/countdown.ts';

export function countdownTitle(secondsLeft: number): string {
  return `${formatClock(secondsLeft)} · Lumara`;
}

/**
 * While `active`, the browser tab shows the time left ("12:34 · Lumara"); when it stops, the page's own title
 * comes back. Pages set their title in their own effects (useDocumentTitle), also while the timer runs: each such
 * title is noted as the one to restore and the countdown put back, whether the observer sees it first or the
 * next second's update does (a page's effect and a tick can land in the same commit, before the observer runs).
 */
export function useCountdownTitle(secondsLeft: number, active: boolean): void {
  const shown = useRef<string | null>(null);
  const pageTitle = useRef('');

  useEffect(() => {
    if (!active) return;
    pageTitle.current = document.title;
    const observer = new MutationObserver(() => {
      if (shown.current === null || document.title === shown.current) return;
      notePageTitle(shown, pageTitle);
      document.title = shown.current;
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      notePageTitle(shown, pageTitle);
      shown.current = null;
      document.title = pageTitle.current;
    };
  }, [active]);

  useEffect(() => {
    if (!active) return;
    notePageTitle(shown, pageTitle);
    shown.current = countdownTitle(secondsLeft);
    document.title = shown.current;
  }, [active, secondsLeft]);
}

/** A title someone else set since the countdown last showed is the page's. */
function notePageTitle(shown: RefObject<string | null>, pageTitle: RefObject<string>): void {
  if (shown.current !== null && document.title !== shown.current) pageTitle.current = document.title;
}
