import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CommunityStats, communityStatsSchema } from '#shared/community.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `GET /api/community/stats`: Total Posts, Active Members, Total Likes, and whether the viewer moderates. */
export function getStats(signal?: AbortSignal): Promise<CommunityStats> {
  return apiRequest('/api/community/stats', { schema: communityStatsSchema, signal });
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: communityKeys.stats, queryFn: ({ signal }) => getStats(signal) });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
