import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/auth.ts';
import { authErrorText } from '#shared/auth-text.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export const currentUserQueryKey = ['auth', 'me'] as const;

/** Fails with `Failed to fetch user: API responded with HTTP status {status}`, 401 included. */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return answerOf(api.users.me.$get({}, { init: { signal } }), { errorMessage: authErrorText.fetchUser });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    // `null` is what logout writes: signed out on purpose, as opposed to not yet known.
    queryFn: ({ signal }): Promise<User | null> => getCurrentUser(signal),
    // A 401 is an answer, not a glitch: retrying it would only keep the login page waiting.
    retry: false,
    retryOnMount: false,
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions());
}
