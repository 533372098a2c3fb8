import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Track, trackListSchema } from '#shared/embeds.ts';
import { apiRequest } from '#web/app/api-client.ts';

/** Only the music feature reads the library, so its key lives here rather than in the shared query keys. */
export const tracksQueryKey = ['music', 'tracks'] as const;

/** `GET /api/music/list`: the member's tracks, newest first. */
export function getTracks(signal?: AbortSignal): Promise<Track[]> {
  return apiRequest('/api/music/list', { schema: trackListSchema, signal });
}

export function tracksQueryOptions() {
  return queryOptions({ queryKey: tracksQueryKey, queryFn: ({ signal }) => getTracks(signal) });
}

export function useTracks() {
  return useQuery(tracksQueryOptions());
}
