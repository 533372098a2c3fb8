import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import type { NotificationList } from '#shared/notifications.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export type NotificationPages = InfiniteData<NotificationList>;

/** `GET /api/notifications?cursor=`: a page of the centre, newest first, with how many are unread in all. */
export function getNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationList> {
  return answerOf(api.notifications.$get({ query: cursor ? { cursor } : {} }, { init: { signal } }));
}

/**
 * The centre as one list loaded a page at a time. The bell reads only the first page's `unread`; the list, when it
 * opens, starts from the same cached page.
 */
export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

/**
 * The list as the bell holds it (`useInfiniteQuery` of these options), handed to the list it opens: the list's
 * own chunk then needs none of Query's hooks, which would otherwise be split out of the first load's entry.
 */
export type NotificationPagesQuery = UseInfiniteQueryResult<NotificationPages>;

/** How many are unread, as the newest answer said (every page carries the count; writes set them all). */
export function unreadOf(pages: NotificationPages | undefined): number {
  return pages?.pages[0]?.unread ?? 0;
}

/** Sets the unread count the server answered (a read, a live event) without fetching the list again. */
export function setUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (pages) =>
    pages ? { ...pages, pages: pages.pages.map((page) => ({ ...page, unread })) } : pages,
  );
}
