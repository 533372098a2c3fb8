import { Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { BrandMark } from '#web/ui/brand-mark.tsx';

type MobileTopBarProps = {
  menuId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/** Below 1024 px (Tailwind's lg) the side navigation gives way to this bar and its menu (part 1 §2). */
export function MobileTopBar({ menuId, menuOpen, onToggleMenu, toggleRef }: MobileTopBarProps) {
  return (
    <header className="glass sticky top-0 z-30 flex items-center justify-between rounded-b-3xl px-4 py-3 lg:hidden">
      <BrandMark />
      <button
        ref={toggleRef}
        type="button"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={onToggleMenu}
        className="grid size-11 place-items-center rounded-full text-(--ink) hover:bg-(--surface-strong)"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
    </header>
  );
}
