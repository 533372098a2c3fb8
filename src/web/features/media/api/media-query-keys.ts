import type { MediaFilterType, MediaType } from '#shared/media.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** What the gallery filters on; the server does the filtering. */
export type MediaFilters = { type: MediaFilterType; favorites: boolean; q: string };

export const mediaKeys = {
  /** Every list of media: invalidated when an item is saved, favorited or deleted. */
  all: queryKeys.media,
  lists: [...queryKeys.media, 'list'] as const,
  list: (filters: MediaFilters) => [...queryKeys.media, 'list', filters] as const,
  recent: [...queryKeys.media, 'recent'] as const,
  /** The member's storage use: under `media`, so saving or deleting an item refreshes it. */
  usage: [...queryKeys.media, 'usage'] as const,
  count: (type: MediaType) => [...queryKeys.media, 'count', type] as const,
  /** Saving a job's outputs. Outside `media` on purpose: refreshing the lists must not save again. */
  saved: (jobId: string) => ['media-saved', jobId] as const,
};
