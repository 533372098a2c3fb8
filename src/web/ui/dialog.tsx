import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useReturnFocus } from './use-return-focus.ts';

/**
 * A modal dialog on Radix Dialog, open while it is mounted: focus starts on `initialFocus` (else the first
 * control) and stays inside, the page behind is inert, Escape and the close button call `onClose`, and focus
 * returns to what had it before. Full width on a phone, a centred card from 640 px up. Portalled to the body: a
 * backdrop-filter on an ancestor (every glass card has one) would trap `position: fixed` inside it.
 */
export function ModalDialog({
  title,
  onClose,
  initialFocus,
  wide = false,
  children,
}: {
  title: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  /** A wider card from 640 px up, for a dialog with many fields side by side (a task's editor). */
  wide?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const returnFocus = useReturnFocus();

  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        {/* The content inside the overlay: a dialog taller than the screen scrolls with it. */}
        <RadixDialog.Overlay className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 sm:p-4">
          <RadixDialog.Content
            aria-modal="true"
            onOpenAutoFocus={(event) => {
              returnFocus.remember();
              if (!initialFocus?.current) return;
              event.preventDefault();
              initialFocus.current.focus();
            }}
            onCloseAutoFocus={returnFocus.restore}
            // A stray press on the backdrop must not throw away a half-written form: Escape and the buttons close.
            onPointerDownOutside={(event) => event.preventDefault()}
            className={`flex min-h-dvh w-full flex-col gap-4 bg-(--page-bg) p-5 shadow-2xl sm:my-auto sm:min-h-0 sm:rounded-3xl sm:p-6 ${
              wide ? 'sm:max-w-2xl' : 'sm:max-w-xl'
            }`}
          >
            <div className="flex items-start justify-between gap-3">
              <RadixDialog.Title className="text-xl font-bold text-(--ink)">{title}</RadixDialog.Title>
              <RadixDialog.Close
                aria-label={t('ui.close')}
                className="grid size-11 shrink-0 place-items-center rounded-full text-(--ink) hover:bg-(--surface)"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            </div>
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
