import { useT } from '#web/lib/i18n/use-t.ts';
import { ModalDialog } from '#web/ui/dialog.tsx';
import type { NotificationPagesQuery } from '../api/get-notifications.ts';
import { NotificationList } from './notification-list.tsx';

/**
 * The notification list on a phone: the screen-wide dialog every phone dialog is (focus inside, Escape and the
 * close button close it, focus back on the bell), loaded on demand by NotificationBell. `id` names it for the
 * bell's aria-controls.
 */
export function NotificationDialog({
  id,
  list,
  onClose,
}: {
  id: string;
  list: NotificationPagesQuery;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ModalDialog title={t('notifications.list.title')} onClose={onClose}>
      <div id={id} className="flex min-h-0 flex-col">
        <NotificationList list={list} onFollow={onClose} showTitle={false} />
      </div>
    </ModalDialog>
  );
}
