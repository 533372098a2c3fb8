import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EarnedBadge, earnedBadgeListSchema } from '#shared/badges.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { queryKeys } from '#web/app/query-keys.ts';

/** `GET /api/badges` (the signed-in member's) or `GET /api/badges?userId=…` (another member's, part 1 §6). */
export function getBadges(userId?: number, signal?: AbortSignal): Promise<EarnedBadge[]> {
  const path = userId === undefined ? '/api/badges' : `/api/badges?userId=${encodeURIComponent(userId)}`;
  return apiRequest(path, { schema: earnedBadgeListSchema, signal });
}

export function badgesQueryOptions(userId?: number) {
  return queryOptions({
    queryKey: [...queryKeys.badges, userId ?? 'me'] as const,
    queryFn: ({ signal }) => getBadges(userId, signal),
  });
}

export function useBadges(userId?: number) {
  return useQuery(badgesQueryOptions(userId));
}
