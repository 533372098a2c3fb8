import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiModelsResponse } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/**
 * The studio's catalogue key: the same request, so the studio and this page share one cached answer and the
 * AI Settings tab's save shows in the studio at once.
 */
export const studioAiModelsQueryKey = ['studio', 'ai-models'] as const;

/** `GET /api/ai/models?surface=studio`: categories, configured providers, and the member's saved choice. */
export function getAiModels(signal?: AbortSignal): Promise<AiModelsResponse> {
  return answerOf(api.ai.models.$get({ query: { surface: 'studio' } }, { init: { signal } }));
}

export function useAiModels() {
  return useQuery(
    queryOptions({
      queryKey: studioAiModelsQueryKey,
      queryFn: ({ signal }) => getAiModels(signal),
      staleTime: 10 * 60_000,
    }),
  );
}
