import { randomUUID } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { lockMemberRow } from '#server/db/member-lock.ts';
import { generationJobs } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { StoredFile } from '#server/lib/http/serve-stored-file.ts';
import { parseWith } from '#server/lib/http/validation.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import { providerNotConfigured } from '#server/providers/provider-errors.ts';
import {
  GENERATION_POLLING,
  type GenerationAnswer,
  type GenerationJobsResponse,
  jobIdSchema,
} from '#shared/generation.ts';
import {
  type GenerationRequest,
  generationRequestSchema,
  mediaTypeOf,
  providerOf,
} from './generation-request.ts';
import { createGenerationWorker, FINISHED_JOB_RETENTION_MS } from './generation-worker.ts';
import { presentJobs } from './job-answers.ts';
import { countJobsInFlight, insertClaimedJob } from './job-claim.ts';
import { readJobOutputs } from './job-outputs.ts';
import { localCannotMakeImages } from './provider-steps.ts';

export type { GenerationRequest } from './generation-request.ts';

export type GenerationService = {
  /**
   * Starts a job for the member and waits a moment for it: ready or failed when the provider was that quick,
   * else pending with the job id. 503 at once (no job) when the provider is not configured, 400 when it cannot
   * make this kind of media or the server does not offer the model for it, 429 when the member already has
   * `GENERATION_JOBS_IN_FLIGHT_PER_MEMBER` jobs pending.
   */
  start(userId: number, request: GenerationRequest): Promise<GenerationAnswer>;
  /** The member's job as it stands; 404 when the id names no job of theirs. */
  status(userId: number, jobId: string): Promise<GenerationAnswer>;
  /** Pending jobs and recent unsaved ones, newest first (`GET /api/ai/jobs`). */
  list(userId: number): Promise<GenerationJobsResponse>;
  /**
   * Where an inline output the worker stored lies in the media store (`GET /api/ai/jobs/{jobId}/outputs/{n}`);
   * 404 when the job is not the member's or has no stored output `index`.
   */
  output(userId: number, jobId: string, index: number): Promise<StoredFile>;
};

/** Timings tests shorten; the defaults are the production ones (docs/decisions/0014). */
export type GenerationTimings = {
  /** How long a start request waits for the outcome before answering pending. */
  waitMs?: number;
  /** How often each instance looks for due jobs. */
  sweepMs?: number;
  /** The pause between two status polls of a fal job. */
  falPollMs?: number;
  /** How long after it finished a job and its stored outputs are removed (by the periodic sweep). */
  finishedJobRetentionMs?: number;
};

export const GENERATION_DEFAULTS = {
  waitMs: 2_000,
  sweepMs: 5_000,
  falPollMs: 2_000,
  finishedJobRetentionMs: FINISHED_JOB_RETENTION_MS,
} as const;
/**
 * A member at `GENERATION_JOBS_IN_FLIGHT_PER_MEMBER` pending jobs: 429, to try again once one has finished. The
 * studio polls a job every `GENERATION_POLLING.intervalMs`, so that is when there is news worth trying again for.
 */
function tooManyJobsInFlight(max: number): AppError {
  return new AppError('rate_limited', say('server.generation.tooManyRunning', { max }), {
    headers: { 'Retry-After': String(GENERATION_POLLING.intervalMs / 1000) },
  });
}

/** The jobs `GET /api/ai/jobs` lists at most, and how long a finished unsaved one stays listed. */
export const JOB_LIST = { max: 20, readyForHours: 24 } as const;

export function createGenerationService(
  deps: {
    db: Db;
    ai: AiProviders;
    store: MediaStore;
    media: MediaConfig;
    logger: Logger;
    /** Aborted at shutdown: the worker stops claiming and lets go of its jobs. */
    closing?: AbortSignal;
  } & GenerationTimings,
): GenerationService {
  const { db } = deps;
  const waitMs = deps.waitMs ?? GENERATION_DEFAULTS.waitMs;
  const jobsInFlightMax = deps.ai.config.generationJobsInFlightPerMember;
  const instanceId = randomUUID();
  // A fal step is up to three queue calls (submit or status, then result), each bounded by AI_TIMEOUT_MS.
  const falStepMs = 3 * deps.ai.config.timeoutMs;
  const worker = createGenerationWorker({
    db,
    ai: deps.ai,
    store: deps.store,
    logger: deps.logger,
    instanceId,
    maxBytes: deps.media.maxBytes,
    sweepMs: deps.sweepMs ?? GENERATION_DEFAULTS.sweepMs,
    falPollMs: deps.falPollMs ?? GENERATION_DEFAULTS.falPollMs,
    finishedJobRetentionMs: deps.finishedJobRetentionMs ?? GENERATION_DEFAULTS.finishedJobRetentionMs,
    falStepMs,
    ...(deps.closing ? { closing: deps.closing } : {}),
  });

  async function findJob(userId: number, jobId: string) {
    if (!jobIdSchema.safeParse(jobId).success) throw notFound('generation');
    const [row] = await db
      .select()
      .from(generationJobs)
      .where(and(eq(generationJobs.id, jobId.toLowerCase()), eq(generationJobs.userId, userId)))
      .limit(1);
    if (!row) throw notFound('generation');
    return row;
  }

  async function status(userId: number, jobId: string): Promise<GenerationAnswer> {
    const row = await findJob(userId, jobId);
    const [answer] = await presentJobs(db, userId, [row]);
    if (!answer) throw notFound('generation');
    return answer;
  }

  return {
    async start(userId, given) {
      const request = parseWith(generationRequestSchema, given);
      const provider = providerOf(request);
      if (provider === 'local') throw localCannotMakeImages();
      if (!deps.ai.isConfigured(provider)) throw providerNotConfigured(provider);
      deps.ai.models.require(provider, request.model, { kind: mediaTypeOf(request) });
      const job = await db.transaction(async (tx) => {
        await lockMemberRow(tx, userId);
        if ((await countJobsInFlight(tx, userId)) >= jobsInFlightMax)
          throw tooManyJobsInFlight(jobsInFlightMax);
        return insertClaimedJob(
          tx,
          {
            id: randomUUID(),
            userId,
            provider,
            mediaType: mediaTypeOf(request),
            model: request.model,
            prompt: request.prompt,
            input: request,
          },
          { instanceId, timeoutMs: deps.media.jobTimeoutMs, falStepMs },
        );
      });
      // Listening before the job runs, so a provider quicker than this line is not missed. The member's request
      // has no say in the job: it runs on after the answer (and after the member leaves).
      const finished = worker.waitForOutcome(job.id, waitMs);
      void worker.run(job);
      await finished;
      return status(userId, job.id);
    },

    status,

    async list(userId) {
      const unsavedOutput = sql`exists (
        select 1 from jsonb_array_elements(${generationJobs.outputs}) as job_output
        where not exists (
          select 1 from media
          where media.user_id = ${generationJobs.userId}
            and md5(media.source_url) = md5(job_output->>'url')
            and media.source_url = job_output->>'url'))`;
      const rows = await db
        .select()
        .from(generationJobs)
        .where(
          and(
            eq(generationJobs.userId, userId),
            or(
              eq(generationJobs.status, 'pending'),
              and(
                eq(generationJobs.status, 'ready'),
                sql`${generationJobs.finishedAt} > now() - ${sql.raw(`interval '${JOB_LIST.readyForHours} hours'`)}`,
                unsavedOutput,
              ),
            ),
          ),
        )
        .orderBy(desc(generationJobs.createdAt), desc(generationJobs.id))
        .limit(JOB_LIST.max);
      return { jobs: await presentJobs(db, userId, rows) };
    },

    async output(userId, jobId, index) {
      const row = await findJob(userId, jobId);
      const output = readJobOutputs(row.outputs)[index];
      if (!output?.key || !output.contentType) throw notFound('file');
      return { key: output.key, contentType: output.contentType };
    },
  };
}
