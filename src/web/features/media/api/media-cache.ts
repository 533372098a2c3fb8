import type { QueryClient } from '@tanstack/react-query';
import type { MediaItem, MediaPage } from '#shared/media.ts';
import type { MediaPages } from './get-media.ts';
import { mediaKeys } from './media-query-keys.ts';

type ItemChange = (item: MediaItem) => MediaItem | null;

function changePage(page: MediaPage, change: ItemChange): MediaPage {
  const items: MediaItem[] = [];
  for (const item of page.items) {
    const changed = change(item);
    if (changed) items.push(changed);
  }
  return { ...page, items, total: page.total - (page.items.length - items.length) };
}

/**
 * Changes one item (or removes it, when `change` answers null) wherever it shows: every gallery list and the
 * recent generations. What the server answers next replaces it.
 */
export function changeMediaItem(queryClient: QueryClient, itemId: number, change: ItemChange): void {
  const onlyThis: ItemChange = (item) => (item.id === itemId ? change(item) : item);
  queryClient.setQueriesData<MediaPages>({ queryKey: mediaKeys.lists }, (pages) =>
    pages ? { ...pages, pages: pages.pages.map((page) => changePage(page, onlyThis)) } : pages,
  );
  queryClient.setQueryData<MediaPage>(mediaKeys.recent, (page) => (page ? changePage(page, onlyThis) : page));
}

/** Every cached copy of an item, to put back when the server refuses a change. */
export function snapshotMedia(queryClient: QueryClient) {
  return [
    ...queryClient.getQueriesData<MediaPages>({ queryKey: mediaKeys.lists }),
    ...queryClient.getQueriesData<MediaPage>({ queryKey: mediaKeys.recent }),
  ];
}

export function restoreMedia(queryClient: QueryClient, snapshot: ReturnType<typeof snapshotMedia>): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
