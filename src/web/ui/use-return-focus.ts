import { useRef } from 'react';

/**
 * Radix gives focus back only to its own Trigger. Our dialogs are opened by their callers' buttons (a row's
 * Delete, a menu item), so focus goes back to whatever had it when the dialog opened, if that is still on the
 * page. `remember` is the Content's onOpenAutoFocus (it runs before focus moves in), `restore` its
 * onCloseAutoFocus.
 */
export function useReturnFocus() {
  const opener = useRef<Element | null>(null);
  return {
    remember: () => {
      opener.current = document.activeElement;
    },
    restore: (event: Event) => {
      event.preventDefault();
      const target = opener.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    },
  };
}
