import { type RefObject, useEffect } from 'react';

/** The fields of an infinite query (TanStack Query's `useInfiniteQuery`) that loading the next page needs. */
export type NextPageQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>;
};

/** How far below the viewport the next page starts loading, so scrolling rarely waits. */
const PRELOAD_MARGIN = '600px';

/**
 * Loads the next page when the sentinel (an empty element after the list) scrolls near the viewport. A page
 * already on its way is not asked for again (`cancelRefetch: false`), and after a failed page nothing is asked
 * until the member presses Load more, so a failing server is not retried in a loop.
 */
export function useLoadMoreOnScroll(
  sentinelRef: RefObject<Element | null>,
  { hasNextPage, isFetchNextPageError, fetchNextPage }: Omit<NextPageQuery, 'isFetchingNextPage'>,
) {
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinelRef, hasNextPage, isFetchNextPageError, fetchNextPage]);
}
