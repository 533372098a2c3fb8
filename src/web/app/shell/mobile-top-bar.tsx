import { Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { BrandMark } from '#web/ui/brand-mark.tsx';
import { IconButton } from '#web/ui/button.tsx';

/**
 * Below 1024 px (Tailwind's lg) the side navigation gives way to this bar, its notification bell and its menu. The
 * menu button
 * says whether the menu is open and which element it is; the menu's code is fetched on the first point or focus
 * (`onPrepare`), so a press opens it at once.
 */
export function MobileTopBar({
  menuId,
  menuOpen,
  buttonRef,
  onPrepare,
  onOpen,
}: {
  menuId: string;
  menuOpen: boolean;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onPrepare: () => void;
  onOpen: () => void;
}) {
  const t = useT();
  return (
    <header className="glass sticky top-0 z-30 flex items-center justify-between rounded-b-3xl px-4 py-3 lg:hidden">
      <BrandMark />
      <div className="flex items-center gap-1">
        <NotificationBell variant="dialog" />
        <IconButton
          ref={buttonRef}
          label={t('app.mobileMenu.open')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onPointerEnter={onPrepare}
          onFocus={onPrepare}
          onClick={onOpen}
          className="grid size-11 place-items-center rounded-full text-(--ink) hover:bg-(--surface-strong)"
        >
          <Menu aria-hidden="true" className="size-6" />
        </IconButton>
      </div>
    </header>
  );
}
