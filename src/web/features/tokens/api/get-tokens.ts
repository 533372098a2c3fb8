import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessToken } from '#shared/tokens.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { tokenKeys } from './token-keys.ts';

/** `GET /api/tokens`: the member's personal access tokens, newest first, never the token itself. */
export function getTokens(signal?: AbortSignal): Promise<AccessToken[]> {
  return answerOf(api.tokens.$get({}, { init: { signal } }));
}

export function useTokens() {
  return useQuery(queryOptions({ queryKey: tokenKeys.list, queryFn: ({ signal }) => getTokens(signal) }));
}
