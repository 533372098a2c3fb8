import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiModelsResponse } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `GET /api/ai/models?surface=community`: the catalogue the writing helpers choose from. */
export function getCommunityAiModels(signal?: AbortSignal): Promise<AiModelsResponse> {
  return answerOf(api.ai.models.$get({ query: { surface: 'community' } }, { init: { signal } }));
}

export function communityAiModelsQueryOptions() {
  return queryOptions({
    queryKey: communityKeys.aiModels,
    queryFn: ({ signal }) => getCommunityAiModels(signal),
    // The catalogue changes when the operator reconfigures the server, not while a member writes.
    staleTime: 10 * 60_000,
  });
}

export function useCommunityAiModels() {
  return useQuery(communityAiModelsQueryOptions());
}
