import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GenerationAnswer } from '#shared/generation.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { generationKeys } from './generation-query-keys.ts';

/** `GET /api/ai/jobs`: the member's pending jobs and the finished ones not saved yet, newest first. */
export async function getResumableJobs(signal?: AbortSignal): Promise<GenerationAnswer[]> {
  const answer = await answerOf(api.ai.jobs.$get({}, { init: { signal } }));
  return answer.jobs;
}

/**
 * Read once each time a page that shows generations opens, so a job started before the member left is picked
 * up again. Not refetched while the page stays: a job the page saved would drop out of the list and its
 * result with it.
 */
export function resumableJobsQueryOptions() {
  return queryOptions({
    queryKey: generationKeys.resumable,
    queryFn: ({ signal }) => getResumableJobs(signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useResumableJobs() {
  return useQuery(resumableJobsQueryOptions());
}
