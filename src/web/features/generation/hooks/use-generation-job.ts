import { queryOptions, useQueries } from '@tanstack/react-query';
import type { GenerationAnswer } from '#shared/generation.ts';
import { generationKeys } from '../api/generation-query-keys.ts';
import { getJobStatus } from '../api/get-job-status.ts';
import { type JobPhase, jobPhase } from '../model/job-phase.ts';
import { nextPollDelay, type PollSchedule } from '../model/poll-schedule.ts';

/** A generation as the browser follows it. */
export type TrackedJob = {
  /** The latest answer: the one that started the job, then each status check's. */
  answer: GenerationAnswer;
  phase: JobPhase;
  /** Status checks made so far (each failed check counts too). */
  attemptsMade: number;
  maxAttempts: number;
  /** A status check is under way. */
  checking: boolean;
  /** After 'Failed to check status': checks again, and polls on while the job is pending. */
  checkAgain: () => void;
};

/** A job's latest answer and how many status checks answered so far (0 for the answer that started it). */
type JobCheck = { answer: GenerationAnswer; checks: number };

/** Every status check made: those that answered, and those that failed. */
function attemptsOf(check: JobCheck | undefined, errorUpdateCount: number): number {
  return (check?.checks ?? 0) + errorUpdateCount;
}

/**
 * One query per job, seeded with the answer that started (or resumed) it, so nothing is fetched until the
 * schedule's first wait is over. While the job is pending, `refetchInterval` asks the schedule for the next
 * wait: TanStack Query restarts that timer whenever the query changes, so each wait runs from the last answer.
 * It stops when the job is ready or failed, when a check fails, and when the schedule has no checks left.
 * It keeps polling in a background tab: the studio saves outputs the moment they are ready (provider links
 * expire). Dropped as soon as nothing shows the job, so a page opened later starts from the server's answer.
 */
export function generationJobQueryOptions(seed: GenerationAnswer, schedule: PollSchedule) {
  return queryOptions({
    queryKey: generationKeys.job(seed.jobId),
    queryFn: async ({ signal, client, queryKey }): Promise<JobCheck> => {
      const previous = client.getQueryData<JobCheck>(queryKey);
      return { answer: await getJobStatus(seed, signal), checks: (previous?.checks ?? 0) + 1 };
    },
    initialData: { answer: seed, checks: 0 },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      const { data, status, errorUpdateCount } = query.state;
      if (data?.answer.status !== 'pending' || status === 'error') return false;
      return nextPollDelay(schedule, attemptsOf(data, errorUpdateCount)) ?? false;
    },
  });
}

/**
 * Follows each job until it is ready, failed or out of checks (`schedule`: the studio's every 5 s × 60, the
 * avatar's and wallpaper's own). Give each job to one caller only: every caller polls on its own timer.
 */
export function useGenerationJobs(seeds: readonly GenerationAnswer[], schedule: PollSchedule): TrackedJob[] {
  const results = useQueries({
    queries: seeds.map((seed) => generationJobQueryOptions(seed, schedule)),
  });
  return results.map((result, index) => {
    const answer = result.data?.answer ?? (seeds[index] as GenerationAnswer);
    const attemptsMade = attemptsOf(result.data, result.errorUpdateCount);
    return {
      answer,
      phase: jobPhase({ answer, attemptsMade, statusCheckFailed: result.isError, schedule }),
      attemptsMade,
      maxAttempts: schedule.maxAttempts,
      checking: result.isFetching,
      checkAgain: () => void result.refetch(),
    };
  });
}

/** One job (the profile's avatar or wallpaper), or null while there is none. */
export function useGenerationJob(seed: GenerationAnswer | null, schedule: PollSchedule): TrackedJob | null {
  return useGenerationJobs(seed ? [seed] : [], schedule)[0] ?? null;
}
