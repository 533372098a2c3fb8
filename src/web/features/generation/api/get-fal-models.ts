import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FalModelsResponse } from '#shared/generation.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { generationKeys } from './generation-query-keys.ts';

/** `GET /api/fal/models`: fal's image and video models. */
export function getFalModels(signal?: AbortSignal): Promise<FalModelsResponse> {
  return answerOf(api.fal.models.$get({}, { init: { signal } }));
}

export function falModelsQueryOptions() {
  return queryOptions({
    queryKey: generationKeys.falModels,
    queryFn: ({ signal }) => getFalModels(signal),
    // The list changes when the operator changes the server, not while a member works.
    staleTime: 10 * 60_000,
  });
}

export function useFalModels() {
  return useQuery(falModelsQueryOptions());
}
