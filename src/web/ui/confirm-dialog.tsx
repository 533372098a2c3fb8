import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';
import { keepFocusInside } from './keep-focus-inside.ts';

/**
 * A modal yes/no question (role alertdialog): focus starts on Cancel, Escape cancels, Tab stays inside, and
 * focus returns to what had it before. Used instead of `window.confirm`, which cannot be styled or tested.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement;
    cancelRef.current?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    // Only its buttons take focus.
    keepFocusInside(event, panelRef.current, 'button:not([disabled])');
  }

  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/50 p-4">
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onKeyDown={onKeyDown}
        className="glass flex w-full max-w-sm flex-col gap-4 rounded-3xl bg-(--surface-strong) p-6"
      >
        <h2 id={`${id}-title`} className="text-lg font-bold text-(--ink)">
          {title}
        </h2>
        <p id={`${id}-message`} className="text-(--ink)">
          {message}
        </p>
        <div className="flex justify-end gap-3">
          <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button busy={busy} onClick={onConfirm} className="bg-(--danger)! text-(--on-danger)!">
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
