import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setUnread } from '../api/get-notifications.ts';
import { notificationKeys } from '../api/notification-keys.ts';

/**
 * Mounted once by the app shell: a notification reaching the member's centre (`notification.created`) sets the
 * bell's count at once and refreshes the list; after a reconnect, what was missed is fetched again. The stream's
 * code (and the schemas of every live event) loads after the page, not in its first load: the count the bell
 * shows until then comes from its own read.
 */
export function useNotificationLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let unmounted = false;
    void import('#web/lib/live-events.ts').then(({ listenToLiveEvents }) => {
      if (unmounted) return;
      unsubscribe = listenToLiveEvents({
        onEvent: (event) => {
          if (event.type !== 'notification.created') return;
          setUnread(queryClient, event.data.unread);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        },
        onReconnect: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
      });
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [queryClient]);
}
