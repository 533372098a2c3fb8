import type { KeyboardEvent } from 'react';

/** What Tab can reach inside a modal panel. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * aria-modal promises that focus stays inside: Tab from the last control wraps to the first, Shift+Tab from the
 * first to the last. Call from the panel's onKeyDown.
 */
export function keepFocusInside(event: KeyboardEvent, panel: HTMLElement | null, selector = FOCUSABLE): void {
  if (event.key !== 'Tab' || !panel) return;
  const focusable = panel.querySelectorAll<HTMLElement>(selector);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
