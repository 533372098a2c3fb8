import { X } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { BrandMark } from '#web/ui/brand-mark.tsx';
import { keepFocusInside } from '#web/ui/keep-focus-inside.ts';
import { NavigationPanel } from './navigation-panel.tsx';

type MobileMenuProps = {
  id: string;
  /** `restoreFocus`: give focus back to the menu button (keyboard closes), not after a click elsewhere. */
  onClose: (restoreFocus: boolean) => void;
  /** The button that opens the menu: a press on it toggles, so it does not count as a click outside. */
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/** The slide-in menu: closes on Escape, on the close button and on a press anywhere outside it. */
export function MobileMenu({ id, onClose, toggleRef }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButtonRef.current?.focus();
  }, []);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      onClose(false);
    }
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape') onClose(true);
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose, toggleRef]);

  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <div aria-hidden="true" className="absolute inset-0 animate-fade-in bg-(--ink)/25 backdrop-blur-sm" />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={(event) => keepFocusInside(event, panelRef.current)}
        className="absolute inset-y-0 left-0 flex w-[min(20rem,88vw)] animate-slide-in flex-col gap-4 overflow-y-auto rounded-r-3xl border-r border-(--line) bg-(--surface-strong) p-5 shadow-2xl backdrop-blur-xl"
      >
        <div className="flex items-center justify-between">
          <BrandMark />
          <button
            ref={closeButtonRef}
            type="button"
            aria-label="Close menu"
            onClick={() => onClose(true)}
            className="grid size-11 place-items-center rounded-full text-(--ink) hover:bg-(--surface)"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        {/* Close at the tap, not when the next page's code has arrived. */}
        <NavigationPanel showBrand={false} onNavigate={() => onClose(false)} />
      </div>
    </div>
  );
}
