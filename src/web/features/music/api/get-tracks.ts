import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Track } from '#shared/music.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** Only the music feature reads the library, so its key lives here rather than in the shared query keys. */
export const tracksQueryKey = ['music', 'tracks'] as const;

/** `GET /api/music/list`: the member's tracks, newest first. */
export function getTracks(signal?: AbortSignal): Promise<Track[]> {
  return answerOf(api.music.list.$get({}, { init: { signal } }));
}

export function tracksQueryOptions() {
  return queryOptions({ queryKey: tracksQueryKey, queryFn: ({ signal }) => getTracks(signal) });
}

export function useTracks() {
  return useQuery(tracksQueryOptions());
}
