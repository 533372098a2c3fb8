import { queryKeys } from '#web/lib/query-keys.ts';

/** Everything under `generation`, so one prefix names it all (query-keys.ts). */
export const generationKeys = {
  /** One job's status, polled while it is pending. */
  job: (jobId: string) => [...queryKeys.generation, 'job', jobId] as const,
  /** The member's pending and unsaved jobs, read when a page that shows them opens. */
  resumable: [...queryKeys.generation, 'resumable'] as const,
  falModels: [...queryKeys.generation, 'fal-models'] as const,
};
