import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiModelsResponse } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** The studio's catalogue (its live OpenRouter list is capped at 100, the community's at 150: another key). */
export const aiModelsQueryKey = ['studio', 'ai-models'] as const;

/** `GET /api/ai/models?surface=studio`: the model categories, which providers are configured, the saved choice. */
export function getAiModels(signal?: AbortSignal): Promise<AiModelsResponse> {
  return answerOf(api.ai.models.$get({ query: { surface: 'studio' } }, { init: { signal } }));
}

export function aiModelsQueryOptions() {
  return queryOptions({
    queryKey: aiModelsQueryKey,
    queryFn: ({ signal }) => getAiModels(signal),
    // The catalogue changes when the operator reconfigures the server, not while a member chats.
    staleTime: 10 * 60_000,
  });
}

export function useAiModels() {
  return useQuery(aiModelsQueryOptions());
}
