import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AiModelsResponse, aiModelsResponseSchema } from '#shared/ai.ts';
import { apiRequest } from '#web/app/api-client.ts';
import { communityKeys } from './community-query-keys.ts';

/** `GET /api/ai/models?surface=community`: the catalogue the writing helpers choose from. */
export function getCommunityAiModels(signal?: AbortSignal): Promise<AiModelsResponse> {
  return apiRequest('/api/ai/models?surface=community', { schema: aiModelsResponseSchema, signal });
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
