import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarnedBadge } from '#shared/badges.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** `GET /api/badges` (the signed-in member's) or `GET /api/badges?userId=…` (another member's). */
export function getBadges(userId?: number, signal?: AbortSignal): Promise<EarnedBadge[]> {
  const query = userId === undefined ? {} : { userId: String(userId) };
  return answerOf(api.badges.$get({ query }, { init: { signal } }));
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
