import * as Popover from '@radix-ui/react-popover';
import type { RefObject } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import type { NotificationPagesQuery } from '../api/get-notifications.ts';
import { NotificationList } from './notification-list.tsx';

/**
 * The notification list beside the side navigation: a Radix popover anchored to the bell (NotificationBell, which
 * loads this on demand). Modal: focus moves into the list and stays there until Escape, a press outside or
 * following a notification closes it; focus then goes back to the bell. Portalled to the body, as the side
 * navigation's glass (a backdrop-filter) would otherwise hold its fixed position inside the panel.
 */
export function NotificationPopover({
  id,
  open,
  onOpenChange,
  anchorRef,
  list,
}: {
  list: NotificationPagesQuery;
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchorRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange} modal>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          side="bottom"
          align="start"
          sideOffset={8}
          collisionPadding={16}
          aria-label={t('notifications.list.title')}
          // The bell toggles the list itself: a press on it is not a press outside.
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchorRef.current?.contains(event.target))
              event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchorRef.current?.focus();
          }}
          className="z-50 flex max-h-[min(36rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-2rem))] flex-col rounded-3xl border border-(--line) bg-(--surface-strong) p-4 shadow-(--glass-shadow) backdrop-blur-xl"
        >
          <NotificationList list={list} onFollow={() => onOpenChange(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
