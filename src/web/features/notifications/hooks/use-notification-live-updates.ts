import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveEvents } from '#web/lib/live-events.ts';
import { setUnread } from '../api/get-notifications.ts';
import { notificationKeys } from '../api/notification-keys.ts';

/**
 * Mounted once by the app shell: a notification reaching the member's centre (`notification.created`) sets the
 * bell's count at once and refreshes the list; after a reconnect, what was missed is fetched again.
 */
export function useNotificationLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents({
        onEvent: (event) => {
          if (event.type !== 'notification.created') return;
          setUnread(queryClient, event.data.unread);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        },
        onReconnect: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
      }),
    [queryClient],
  );
}
