import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { cn } from '#web/ui/cn.ts';
import { insetSurfaceClass } from '#web/ui/field-classes.ts';

const itemClass =
  'flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left font-medium outline-none data-highlighted:bg-(--surface)';

/**
 * The post menu (Edit, Delete) that only the post's author sees, a Radix dropdown menu: the arrow
 * keys move between the actions, Escape closes it and gives focus back to the button, a press elsewhere closes
 * it (and still reaches what was pressed: the menu is not modal).
 */
export function PostActionsMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  const buttonRef = useRef<HTMLButtonElement>(null);

  function choose(action: () => void) {
    // The dialog an action opens gives focus back to what had it: the options button, not the item going away.
    buttonRef.current?.focus();
    action();
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={buttonRef}
        aria-label={t('community.postMenu.options')}
        className="grid size-11 place-items-center rounded-full text-(--ink) hover:bg-(--surface-strong)"
      >
        <MoreHorizontal aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className={cn(
            insetSurfaceClass,
            'z-10 flex min-w-36 flex-col gap-1 p-1.5 shadow-xl backdrop-blur-xl',
          )}
        >
          <DropdownMenu.Item onSelect={() => choose(onEdit)} className={`${itemClass} text-(--ink)`}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('community.postMenu.edit')}
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => choose(onDelete)} className={`${itemClass} text-(--danger)`}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('community.postMenu.delete')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
