import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { failureKindOf } from '#server/lib/http/failure-kinds.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import type { FalJob } from '#server/providers/fal-queue.ts';
import { type AiProviderId, aiProviderIdSchema, aiProviderLabels } from '#shared/ai.ts';
import { MEDIA_TEXTS } from '#shared/media.ts';
import { collectOutputs } from './collect-outputs.ts';
import { generationRequestSchema } from './generation-request.ts';
import { InlineOutputError } from './inline-output.ts';
import {
  type ClaimedJob,
  claimDueJobs,
  claimExpiredJobs,
  deleteExpiredJobs,
  type JobOutcome,
  postponeJob,
  recordOutcome,
  releaseExpiredJobs,
  releaseJob,
  saveProviderState,
} from './job-claim.ts';
import { type JobOutput, jobOutputPrefix } from './job-outputs.ts';
import { createProviderSteps, falJobOf, type StepOutcome } from './provider-steps.ts';

/** A job whose holder died more often than this fails instead of being retried forever. */
export const MAX_RECOVERIES = 2;
/** Jobs one instance works on at once; the rest wait in the table for a free slot or another instance. */
const MAX_CONCURRENT_JOBS = 16;
/**
 * How long a finished job (ready or failed) and its stored outputs are kept. `GET /api/ai/jobs` offers an unsaved
 * output for 24 hours and saving copies the file into the member's gallery, so after a week nothing needs it.
 */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Finished jobs past retention one sweep removes at most; a backlog goes over the next sweeps. */
export const EXPIRED_JOBS_PER_SWEEP = 100;
/** How long a claim to remove a job's files holds it: ample for a batch, short enough if its holder dies. */
const REMOVAL_LEASE_MS = 60_000;

export type GenerationWorkerOptions = {
  db: Db;
  ai: AiProviders;
  store: MediaStore;
  logger: Logger;
  /** This instance's name in `locked_by`. */
  instanceId: string;
  maxBytes: number;
  /** How often due jobs are looked for (jobs of crashed instances, after a restart). */
  sweepMs: number;
  /** The pause between two status polls of a fal job. */
  falPollMs: number;
  /** How long after it finished a job and its stored outputs are removed (`FINISHED_JOB_RETENTION_MS`). */
  finishedJobRetentionMs: number;
  /** What one fal step (a few queue calls) may take: the lease a fal claim holds. */
  falStepMs: number;
  /** Aborted when the server shuts down: no more claims, work in flight is let go for another instance. */
  closing?: AbortSignal;
};

/**
 * Works on generation jobs: those this instance just inserted (`run`, the request waits a moment for them) and
 * any due job it claims on its periodic sweep. Each claim advances a job by one step and records what came of
 * it, conditional on still holding the lease (job-claim.ts).
 */
export function createGenerationWorker(options: GenerationWorkerOptions) {
  const { db, logger, instanceId } = options;
  const steps = createProviderSteps(options.ai);
  const stopping = new AbortController();
  const running = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const outcomeListeners = new Map<string, Set<() => void>>();
  let sweeping = false;
  let sweepAgain = false;
  let removing = false;

  function notifyOutcome(jobId: string) {
    for (const listener of outcomeListeners.get(jobId) ?? []) listener();
    outcomeListeners.delete(jobId);
  }

  /** Resolves when this instance records the job's outcome, or after `ms`, whichever comes first. */
  function waitForOutcome(jobId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const listeners = outcomeListeners.get(jobId) ?? new Set();
      outcomeListeners.set(jobId, listeners);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(done);
        if (listeners.size === 0 && outcomeListeners.get(jobId) === listeners) outcomeListeners.delete(jobId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      listeners.add(done);
    });
  }

  async function record(job: ClaimedJob, outcome: JobOutcome) {
    const recorded = await recordOutcome(db, job.id, instanceId, outcome);
    if (recorded) notifyOutcome(job.id);
    else logger.warn({ jobId: job.id }, 'generation job lease lost before its outcome was recorded');
  }

  function failureMessage(error: unknown, provider: AiProviderId | undefined): string {
    if (error instanceof AppError) return error.message;
    if (failureKindOf(error) === 'storage_full')
      return say('server.generation.storageFull', { failed: MEDIA_TEXTS.generationFailed });
    if (error instanceof InlineOutputError && provider)
      return `${aiProviderLabels[provider]}: ${error.message}`;
    logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      'generation job failed unexpectedly',
    );
    return MEDIA_TEXTS.generationFailed;
  }

  /** Asks fal to drop a request nobody waits for (best effort: fal may no longer be configured). */
  function cancelAtFal(falJob: FalJob) {
    if (options.ai.isConfigured('fal')) void options.ai.falQueue().cancel(falJob);
  }

  async function advance(job: ClaimedJob): Promise<void> {
    const provider = aiProviderIdSchema.safeParse(job.provider);
    const request = generationRequestSchema.safeParse(job.input);
    if (!provider.success || !request.success) {
      logger.error({ jobId: job.id }, 'generation job input unreadable');
      return record(job, { status: 'failed', error: MEDIA_TEXTS.generationFailed });
    }
    const falJob = falJobOf(job.providerState);
    if (job.remainingMs <= 0) {
      // Nobody waits for it any more: fal need not finish (and bill) it.
      if (falJob) cancelAtFal(falJob);
      return record(job, { status: 'failed', error: MEDIA_TEXTS.generationTimedOut });
    }
    if (job.recoveries > MAX_RECOVERIES) {
      logger.warn({ jobId: job.id, recoveries: job.recoveries }, 'generation job recovered too often');
      return record(job, {
        status: 'failed',
        error: say('server.generation.stoppedTooOften', { failed: MEDIA_TEXTS.generationFailed }),
      });
    }

    const deadline = AbortSignal.timeout(job.remainingMs);
    const signal = AbortSignal.any([deadline, stopping.signal]);
    let submitted = falJob;
    let outcome: StepOutcome;
    let outputs: JobOutput[] = [];
    try {
      outcome = await steps.run({
        request: request.data,
        providerState: job.providerState,
        signal,
        remainingMs: job.remainingMs,
        maxBytes: options.maxBytes,
        saveState: (state) => {
          submitted = state;
          return saveProviderState(db, job.id, instanceId, state);
        },
      });
      if (outcome.kind === 'ready') {
        outputs = await collectOutputs(options.store, job.id, outcome.urls, options.maxBytes);
      }
    } catch (error) {
      if (stopping.signal.aborted) {
        // Shutting down is not the job's failure: another instance (or this one after the restart) takes it up.
        await releaseJob(db, job.id, instanceId).catch(() => undefined);
        return;
      }
      if (deadline.aborted) {
        if (submitted) cancelAtFal(submitted);
        return record(job, { status: 'failed', error: MEDIA_TEXTS.generationTimedOut });
      }
      return record(job, { status: 'failed', error: failureMessage(error, provider.data) });
    }
    // The provider's part is done; what follows are database writes, whose failure (the database away) leaves
    // the job to be taken up again when the lease runs out, never recorded as the provider's failure.
    switch (outcome.kind) {
      case 'lost':
        return;
      case 'poll-later':
        if (await postponeJob(db, job.id, instanceId, options.falPollMs)) wakeIn(options.falPollMs);
        return;
      case 'ready':
        return record(job, { status: 'ready', outputs });
    }
  }

  /** Advances a job this instance holds; never throws (a failure to record is logged, the lease recovers it). */
  function run(job: ClaimedJob): Promise<void> {
    running.add(job.id);
    return advance(job)
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) {
          logger.warn(
            { jobId: job.id, err: error instanceof Error ? error.message : String(error) },
            'generation job step could not be recorded',
          );
        }
      })
      .finally(() => running.delete(job.id));
  }

  async function sweep(): Promise<void> {
    if (stopping.signal.aborted) return;
    if (sweeping) {
      sweepAgain = true;
      return;
    }
    sweeping = true;
    try {
      do {
        sweepAgain = false;
        const jobs = await claimDueJobs(db, {
          instanceId,
          limit: MAX_CONCURRENT_JOBS - running.size,
          falStepMs: options.falStepMs,
        });
        for (const job of jobs) void run(job);
      } while (sweepAgain && !stopping.signal.aborted);
    } catch (error) {
      if (!stopping.signal.aborted) {
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'generation sweep failed',
        );
      }
    } finally {
      sweeping = false;
    }
  }

  /**
   * Removes finished jobs past retention, a batch per periodic sweep: claim them (a lease, like a claim for
   * work), remove each one's files (`jobs/<id>`), then delete the rows whose files are gone. Files before rows,
   * so a row is never deleted while its files remain: a removal that fails is logged and its job let go for
   * the next sweep, and a job is only deleted by the instance still holding it. Deleting rows first would lose
   * track of files whose removal then failed. A finished job gets no new files (only its holder writes them,
   * before the outcome), and media rows own their copies, so nothing else is touched.
   */
  async function removeExpiredJobs(): Promise<void> {
    if (removing || stopping.signal.aborted) return;
    removing = true;
    try {
      const jobIds = await claimExpiredJobs(db, {
        instanceId,
        limit: EXPIRED_JOBS_PER_SWEEP,
        retentionMs: options.finishedJobRetentionMs,
        leaseMs: REMOVAL_LEASE_MS,
      });
      const results = await Promise.allSettled(
        jobIds.map((jobId) => options.store.removeAll(jobOutputPrefix(jobId))),
      );
      await deleteExpiredJobs(
        db,
        instanceId,
        jobIds.filter((_, index) => results[index]?.status === 'fulfilled'),
      );
      const kept = jobIds.filter((_, index) => results[index]?.status === 'rejected');
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) {
        // One line per sweep, not per job: a store that is down would otherwise log a hundred every sweep.
        logger.warn(
          {
            jobIds: kept,
            err: failure.reason instanceof Error ? failure.reason.message : String(failure.reason),
          },
          'stored outputs of finished generation jobs could not be removed; the jobs are kept for the next sweep',
        );
        await releaseExpiredJobs(db, instanceId, kept);
      }
    } catch (error) {
      if (!stopping.signal.aborted) {
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'removing finished generation jobs failed',
        );
      }
    } finally {
      removing = false;
    }
  }

  function wakeIn(ms: number) {
    if (stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void sweep();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function stop() {
    stopping.abort();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    clearInterval(interval);
    for (const jobId of [...outcomeListeners.keys()]) notifyOutcome(jobId);
  }

  // The first sweep at once: jobs left by a crashed or restarted instance are taken up without waiting. Expired
  // jobs are removed on the periodic sweep only, not on the frequent wake-ups between fal polls.
  const interval = setInterval(() => {
    void sweep();
    void removeExpiredJobs();
  }, options.sweepMs);
  interval.unref();
  if (options.closing?.aborted) stop();
  else {
    options.closing?.addEventListener('abort', stop, { once: true });
    wakeIn(0);
  }

  return {
    run,
    waitForOutcome,
    /** Looks for due jobs now (tests; the timers do it otherwise). */
    sweep,
    get stopped() {
      return stopping.signal.aborted;
    },
  };
}
