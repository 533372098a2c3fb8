import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityStats } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `GET /api/community/stats`: Total Posts, Active Members, Total Likes, and whether the viewer moderates. */
export function getStats(signal?: AbortSignal): Promise<CommunityStats> {
  return answerOf(api.community.stats.$get({}, { init: { signal } }));
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: communityKeys.stats, queryFn: ({ signal }) => getStats(signal) });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
