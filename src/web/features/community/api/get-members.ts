import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_LIMITS, type CommunityMember } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `GET /api/community/members?limit=5`: the newest members, as many as Recent Members shows. */
export async function getRecentMembers(signal?: AbortSignal): Promise<CommunityMember[]> {
  const page = await answerOf(
    api.community.members.$get(
      { query: { limit: String(COMMUNITY_LIMITS.recentMembers) } },
      { init: { signal } },
    ),
  );
  return page.members.slice(0, COMMUNITY_LIMITS.recentMembers);
}

export function recentMembersQueryOptions() {
  return queryOptions({ queryKey: communityKeys.members, queryFn: ({ signal }) => getRecentMembers(signal) });
}

export function useRecentMembers() {
  return useQuery(recentMembersQueryOptions());
}
