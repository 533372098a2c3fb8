import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { BrandMark } from '#web/ui/brand-mark.tsx';
import { NavigationPanel } from './navigation-panel.tsx';

/**
 * The slide-in menu, a Radix Dialog opened by the top bar's menu button (loaded on demand, so that button is not
 * a Radix Trigger). Focus starts on the close button (the first control that is not a link) and stays inside;
 * Escape, the close button, a press on the backdrop and following a link close it, and focus goes back to the
 * menu button.
 */
export function MobileMenu({
  id,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 lg:hidden">
          <div
            aria-hidden="true"
            data-testid="mobile-menu-backdrop"
            className="absolute inset-0 animate-fade-in bg-(--ink)/25 backdrop-blur-sm"
          />
          <Dialog.Content
            id={id}
            aria-modal="true"
            aria-label={t('app.mobileMenu.label')}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
            }}
            className="absolute inset-y-0 left-0 flex w-[min(20rem,88vw)] animate-slide-in flex-col gap-4 overflow-y-auto rounded-r-3xl border-r border-(--line) bg-(--surface-strong) p-5 shadow-2xl backdrop-blur-xl"
          >
            <div className="flex items-center justify-between">
              <BrandMark />
              <Dialog.Close
                aria-label={t('app.mobileMenu.close')}
                className="grid size-11 place-items-center rounded-full text-(--ink) hover:bg-(--surface)"
              >
                <X aria-hidden="true" className="size-6" />
              </Dialog.Close>
            </div>
            {/* Close at the tap, not when the next page's code has arrived. */}
            <NavigationPanel showBrand={false} onNavigate={() => onOpenChange(false)} />
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
