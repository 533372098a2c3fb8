import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { IconButton } from '#web/ui/button.tsx';
import { notificationsQueryOptions, unreadOf } from '../api/get-notifications.ts';

/**
 * The list's code (its Radix Popover or Dialog, the list, its formatting) loads when the bell is pointed at,
 * focused or pressed: the dashboard's first load carries only the bell and its count.
 */
const loadPopover = () =>
  import('./notification-popover.tsx').then((module) => ({ default: module.NotificationPopover }));
const loadDialog = () =>
  import('./notification-dialog.tsx').then((module) => ({ default: module.NotificationDialog }));
const NotificationPopover = lazy(loadPopover);
const NotificationDialog = lazy(loadDialog);

/** More than this shows as "99+": the badge stays small. */
const MOST_SHOWN = 99;

/**
 * The shell's bell: the unread count (in its name too, "Notifications, 3 unread"), and the notification list it
 * opens, a popover beside the side navigation (`popover`) or a full-screen dialog on a phone (`dialog`). A plain
 * button (the list's code loads later), which says whether the list is open and which element it is.
 */
export function NotificationBell({ variant }: { variant: 'popover' | 'dialog' }) {
  const t = useT();
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const list = useInfiniteQuery(notificationsQueryOptions());
  const unread = unreadOf(list.data);
  const load = variant === 'popover' ? loadPopover : loadDialog;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) setMounted(true);
  }

  return (
    <>
      <IconButton
        ref={buttonRef}
        label={t('notifications.bell.label', { count: unread })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => onOpenChange(!open)}
        className="relative grid size-11 shrink-0 place-items-center rounded-full text-(--ink) hover:bg-(--surface-strong)"
      >
        <Bell aria-hidden="true" className="size-6" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-(--accent) px-1 text-xs font-bold text-(--on-accent)"
          >
            {unread > MOST_SHOWN ? `${MOST_SHOWN}+` : unread}
          </span>
        ) : null}
      </IconButton>
      {mounted ? (
        <Suspense fallback={null}>
          {variant === 'popover' ? (
            <NotificationPopover
              id={id}
              list={list}
              open={open}
              onOpenChange={onOpenChange}
              anchorRef={buttonRef}
            />
          ) : open ? (
            <NotificationDialog id={id} list={list} onClose={() => onOpenChange(false)} />
          ) : null}
        </Suspense>
      ) : null}
    </>
  );
}
