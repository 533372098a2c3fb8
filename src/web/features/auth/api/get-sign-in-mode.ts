import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInMode } from '#shared/auth.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export async function getSignInMode(signal?: AbortSignal): Promise<SignInMode> {
  const { mode } = await answerOf(api.auth.mode.$get({}, { init: { signal } }));
  return mode;
}

export function signInModeQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'mode'] as const,
    queryFn: ({ signal }) => getSignInMode(signal),
    // Fixed for the life of the server process.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSignInMode() {
  return useQuery(signInModeQueryOptions());
}
