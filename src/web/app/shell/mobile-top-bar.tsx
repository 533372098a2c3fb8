import * as Dialog from '@radix-ui/react-dialog';
import { Menu } from 'lucide-react';
import { BrandMark } from '#web/ui/brand-mark.tsx';

/**
 * Below 1024 px (Tailwind's lg) the side navigation gives way to this bar and its menu (part 1 §2). Rendered
 * inside the menu's Dialog.Root: its button is the dialog's trigger (aria-expanded, aria-controls, focus return).
 */
export function MobileTopBar() {
  return (
    <header className="glass sticky top-0 z-30 flex items-center justify-between rounded-b-3xl px-4 py-3 lg:hidden">
      <BrandMark />
      <Dialog.Trigger
        aria-label="Open menu"
        className="grid size-11 place-items-center rounded-full text-(--ink) hover:bg-(--surface-strong)"
      >
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
    </header>
  );
}
