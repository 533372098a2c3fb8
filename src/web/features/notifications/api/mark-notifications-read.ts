import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '#web/lib/api-client.ts';
import { type NotificationPages, setUnread } from './get-notifications.ts';
import { notificationKeys } from './notification-keys.ts';

/** Some notifications by id (at most 100 at once), or all of them. */
export type MarkReadRequest = { ids: number[] } | { all: true };

/** `POST /api/notifications/read`: answers how many are still unread. */
export function markNotificationsRead(request: MarkReadRequest): Promise<{ unread: number }> {
  return answerOf(api.notifications.read.$post({ json: request }));
}

/**
 * Marks notifications read: the list shows them read at once, and the count the server answers replaces the
 * bell's. A failure puts nothing back: the next read of the list says what the server holds.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (request) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationPages>(notificationKeys.list, (pages) =>
        pages
          ? {
              ...pages,
              pages: pages.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item.read_at === null && ('all' in request || request.ids.includes(item.id))
                    ? { ...item, read_at: now }
                    : item,
                ),
              })),
            }
          : pages,
      );
    },
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}
