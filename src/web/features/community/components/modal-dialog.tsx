import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { FOCUSABLE, keepFocusInside } from '#web/ui/keep-focus-inside.ts';

/** Forms in a dialog take focus in their fields too. */
const DIALOG_FOCUSABLE = `${FOCUSABLE}, select:not([disabled]), textarea:not([disabled])`;

/**
 * A modal dialog (role dialog, aria-modal): focus starts on `initialFocus` (else the first control), Tab stays
 * inside, Escape and the close button call `onClose`, and focus returns to what had it before. Full width on a
 * phone, a centred card from 640 px up.
 */
export function ModalDialog({
  title,
  onClose,
  initialFocus,
  children,
}: {
  title: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once, when the dialog opens.
  useEffect(() => {
    const previous = document.activeElement;
    const target = initialFocus?.current ?? panelRef.current?.querySelector<HTMLElement>(DIALOG_FOCUSABLE);
    target?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    keepFocusInside(event, panelRef.current, DIALOG_FOCUSABLE);
  }

  // A portal: a backdrop-filter on an ancestor (every glass card has one) would trap `position: fixed` inside it.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 sm:p-4">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
        className="flex min-h-dvh w-full flex-col gap-4 bg-(--page-bg) p-5 shadow-2xl sm:my-auto sm:min-h-0 sm:max-w-xl sm:rounded-3xl sm:p-6"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="text-xl font-bold text-(--ink)">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="grid size-11 shrink-0 place-items-center rounded-full text-(--ink) hover:bg-(--surface)"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
