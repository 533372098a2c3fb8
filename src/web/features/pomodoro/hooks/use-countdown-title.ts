import { useEffect, useRef } from 'react';
import { formatClock } from '../model/countdown.ts';

export function countdownTitle(secondsLeft: number): string {
  return `${formatClock(secondsLeft)} · Lumara`;
}

/**
 * While `active`, the browser tab shows the time left ("12:34 · Lumara"); when it stops, the page's own title
 * comes back. Pages set their title in their own effects (useDocumentTitle), also while the timer runs: the
 * observer notes each such title as the one to restore and puts the countdown back.
 */
export function useCountdownTitle(secondsLeft: number, active: boolean): void {
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!active) return;
    let pageTitle = document.title;
    const observer = new MutationObserver(() => {
      if (shown.current === null || document.title === shown.current) return;
      pageTitle = document.title;
      document.title = shown.current;
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      shown.current = null;
      document.title = pageTitle;
    };
  }, [active]);

  useEffect(() => {
    if (!active) return;
    shown.current = countdownTitle(secondsLeft);
    document.title = shown.current;
  }, [active, secondsLeft]);
}
