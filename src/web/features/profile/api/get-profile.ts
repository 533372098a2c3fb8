import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#shared/profile.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** `GET /api/profile`: the stored fields as they are (null when never set), what the settings form edits. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return answerOf(api.profile.$get({}, { init: { signal } }));
}

export const profileQueryKey = [...queryKeys.profile, 'fields'] as const;

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
