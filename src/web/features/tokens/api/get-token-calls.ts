import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenCall } from '#shared/tokens.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { tokenKeys } from './token-keys.ts';

/** `GET /api/tokens/calls`: what outside agents did with the member's tokens, newest first. */
export function getTokenCalls(signal?: AbortSignal): Promise<TokenCall[]> {
  return answerOf(api.tokens.calls.$get({}, { init: { signal } }));
}

export function useTokenCalls() {
  return useQuery(
    queryOptions({ queryKey: tokenKeys.calls, queryFn: ({ signal }) => getTokenCalls(signal) }),
  );
}
