import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiDiagResponse } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** `GET /api/_debug/ai-diag`: which external AI services the operator configured, booleans only. */
export function getAiDiag(signal?: AbortSignal): Promise<AiDiagResponse> {
  return answerOf(api._debug['ai-diag'].$get({}, { init: { signal } }));
}

export function aiDiagQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'ai-diag'] as const,
    queryFn: ({ signal }) => getAiDiag(signal),
    // Changes only when the operator restarts the server with other keys.
    staleTime: 10 * 60_000,
  });
}

export function useAiDiag() {
  return useQuery(aiDiagQueryOptions());
}
