import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaUsage } from '#shared/media.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { mediaKeys } from './media-query-keys.ts';

/** `GET /api/media/usage`: the bytes the member keeps in Lumara's store and their quota. */
export function getMediaUsage(signal?: AbortSignal): Promise<MediaUsage> {
  return answerOf(api.media.usage.$get({}, { init: { signal } }));
}

export function mediaUsageQueryOptions() {
  return queryOptions({ queryKey: mediaKeys.usage, queryFn: ({ signal }) => getMediaUsage(signal) });
}

export function useMediaUsage() {
  return useQuery(mediaUsageQueryOptions());
}
