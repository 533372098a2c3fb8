import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberSessionsResponse } from '#shared/auth.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** `GET /api/sessions`: the member's signed-in browsers, this one marked. */
export function getSessions(signal?: AbortSignal): Promise<MemberSessionsResponse> {
  return answerOf(api.sessions.$get({}, { init: { signal } }));
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessionsQuery() {
  return useQuery(sessionsQueryOptions());
}
