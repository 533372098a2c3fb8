import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SignInMode, signInModeResponseSchema } from '#shared/auth.ts';
import { apiRequest } from '#web/app/api-client.ts';

export async function getSignInMode(signal?: AbortSignal): Promise<SignInMode> {
  const { mode } = await apiRequest('/api/auth/mode', { schema: signInModeResponseSchema, signal });
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
