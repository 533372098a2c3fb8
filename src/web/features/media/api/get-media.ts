import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQueries,
  useQuery,
} from '@tanstack/react-query';
import {
  GALLERY,
  type MediaFilterType,
  type MediaItem,
  type MediaPage,
  type MediaType,
  mediaTypes,
} from '#shared/media.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { type MediaFilters, mediaKeys } from './media-query-keys.ts';

export type MediaPages = InfiniteData<MediaPage>;

/** One page to ask for (`mediaListQuerySchema` in #shared/media.ts); absent means the server's default. */
export type MediaPageRequest = {
  cursor?: number;
  limit?: number;
  type?: MediaFilterType;
  favorites?: boolean;
  q?: string;
};

/** The query of `GET /api/media` with only the parameters that differ from the server's defaults. */
function mediaListQuery(query: MediaPageRequest) {
  const q = query.q?.trim() ?? '';
  return {
    cursor: query.cursor === undefined ? undefined : String(query.cursor),
    limit: query.limit === undefined ? undefined : String(query.limit),
    type: query.type === 'all' ? undefined : query.type,
    favorites: query.favorites ? ('true' as const) : undefined,
    q: q === '' ? undefined : q,
  };
}

/** `GET /api/media?cursor=&limit=&type=&favorites=&q=`: the member's media, newest first, a page at a time. */
export function getMediaPage(query: MediaPageRequest, signal?: AbortSignal): Promise<MediaPage> {
  return answerOf(api.media.$get({ query: mediaListQuery(query) }, { init: { signal } }));
}

function mediaListQueryOptions(filters: MediaFilters) {
  return infiniteQueryOptions({
    queryKey: mediaKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      getMediaPage(
        { cursor: pageParam ?? undefined, type: filters.type, favorites: filters.favorites, q: filters.q },
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // While another filter's first page loads, the last one stays on screen instead of the skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useMediaList(filters: MediaFilters) {
  return useInfiniteQuery(mediaListQueryOptions(filters));
}

/** Every loaded item, in order, without the duplicates a page boundary can produce while items arrive. */
export function mediaItemsOf(pages: MediaPages | undefined): MediaItem[] {
  const seen = new Set<number>();
  const items: MediaItem[] = [];
  for (const page of pages?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The last 6: the studio's and the dashboard's. */
export function recentMediaQueryOptions() {
  return queryOptions({
    queryKey: mediaKeys.recent,
    queryFn: ({ signal }) => getMediaPage({ limit: GALLERY.recentCount }, signal),
  });
}

export function useRecentMedia() {
  return useQuery(recentMediaQueryOptions());
}

/** How many items of one type the member has: one item asked for, the total read. */
export function mediaCountQueryOptions(type: MediaType) {
  return queryOptions({
    queryKey: mediaKeys.count(type),
    queryFn: ({ signal }) => getMediaPage({ limit: 1, type }, signal),
    select: (page) => page.total,
  });
}

/** How many images, videos and audio items the member has; null while a count is unknown. */
export function useMediaCounts(): Record<MediaType, number | null> {
  return useQueries({
    queries: mediaTypes.map((type) => mediaCountQueryOptions(type)),
    combine: (results) => ({
      image: results[0]?.data ?? null,
      video: results[1]?.data ?? null,
      audio: results[2]?.data ?? null,
    }),
  });
}
