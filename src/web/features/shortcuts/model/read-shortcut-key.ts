/**
 * Whether a key press may be a shortcut: not while the member types (a text field, a list box, anything
 * editable), not with Ctrl, ⌘ or Alt held (those belong to the browser and the system), not while a modal dialog
 * holds the page, and not a key held down repeating.
 */
export function shortcutKeyOf(event: KeyboardEvent): string | null {
  if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return null;
  // Printable keys only, as typed: Shift+N is 'N', not 'n'; '?' is what Shift+/ types.
  return event.key.length === 1 ? event.key : null;
}

/** Fields that take text (a checkbox or a button does not), and anything editable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return target.getAttribute('role') === 'textbox' || target.getAttribute('role') === 'combobox';
}
