import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/database.ts';
import type { DbTransaction } from '#server/db/member-lock.ts';
import { type GenerationJobRow, generationJobs } from '#server/db/schema.ts';
import type { JobOutput } from './job-outputs.ts';

/**
 * The SQL of the job queue (docs/decisions/0014). An instance works on a job only while it holds the job's
 * lease (`locked_by` = its id, `locked_until` in the future), and every write after the claim is conditional on
 * still holding it, so two instances can never both record an outcome. Times are the database's clock, the one
 * clock every instance shares.
 */

/** A claimed job, with how long it has left before its deadline (by the database's clock). */
export type ClaimedJob = GenerationJobRow & { remainingMs: number };

/** Beyond the work it covers, so a lease never runs out while its holder is still writing the outcome. */
export const LEASE_MARGIN_MS = 15_000;

const remainingMs = sql<number>`greatest(0, floor(extract(epoch from (${generationJobs.deadlineAt} - now())) * 1000))::integer`;
const claimedColumns = { ...getTableColumns(generationJobs), remainingMs };

const milliseconds = (ms: number): SQL =>
  sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;

/**
 * How long a claim holds a job. A fal job is worked on in short steps (submit, one status poll, the result),
 * each bounded by `falStepMs`, so an instance that dies mid-step hands the job over soon. A Straico or OpenRouter
 * job is one synchronous call that may last until the deadline, so its lease runs to the deadline.
 */
function leaseUntil(falStepMs: number): SQL {
  return sql`greatest(now(), case when ${generationJobs.provider} = 'fal'
    then least(${generationJobs.deadlineAt}, now() + ${milliseconds(falStepMs)})
    else ${generationJobs.deadlineAt} end) + ${milliseconds(LEASE_MARGIN_MS)}`;
}

export type NewJob = Pick<
  GenerationJobRow,
  'id' | 'userId' | 'provider' | 'mediaType' | 'model' | 'prompt' | 'input'
>;

/**
 * How many of the member's jobs are in flight: pending and not past their deadline (one past it is failed by the
 * next sweep, whoever holds it). The database, not a server's memory, is what every server counts from.
 */
export async function countJobsInFlight(db: Db | DbTransaction, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.userId, userId),
        eq(generationJobs.status, 'pending'),
        sql`${generationJobs.deadlineAt} > now()`,
      ),
    );
  return row?.n ?? 0;
}

/** Inserts a job already claimed by `instanceId`, which runs it at once (the request waits a moment for it). */
export async function insertClaimedJob(
  db: Db | DbTransaction,
  job: NewJob,
  options: { instanceId: string; timeoutMs: number; falStepMs: number },
): Promise<ClaimedJob> {
  const leaseMs =
    (job.provider === 'fal' ? Math.min(options.falStepMs, options.timeoutMs) : options.timeoutMs) +
    LEASE_MARGIN_MS;
  const [row] = await db
    .insert(generationJobs)
    .values({
      ...job,
      status: 'pending',
      deadlineAt: sql`now() + ${milliseconds(options.timeoutMs)}`,
      lockedBy: options.instanceId,
      lockedUntil: sql`now() + ${milliseconds(leaseMs)}`,
    })
    .returning(claimedColumns);
  if (!row) throw new Error('inserting a generation job returned no row');
  return row;
}

/**
 * Claims up to `limit` due jobs: pending, due (`run_after` passed) and not leased (never, released, or the lease
 * ran out because its holder died). `FOR UPDATE SKIP LOCKED` lets several instances claim at once without
 * waiting on each other or taking the same row. Taking over a lease that ran out counts as a recovery.
 */
export async function claimDueJobs(
  db: Db,
  options: { instanceId: string; limit: number; falStepMs: number },
): Promise<ClaimedJob[]> {
  if (options.limit <= 0) return [];
  const due = db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.status, 'pending'),
        lte(generationJobs.runAfter, sql`now()`),
        or(isNull(generationJobs.lockedUntil), lt(generationJobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(generationJobs.runAfter))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(generationJobs)
    .set({
      lockedBy: options.instanceId,
      lockedUntil: leaseUntil(options.falStepMs),
      // SET reads the row as it was: a lease still recorded here is one that ran out.
      recoveries: sql`${generationJobs.recoveries} + case when ${generationJobs.lockedUntil} is null then 0 else 1 end`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(generationJobs.id, due), eq(generationJobs.status, 'pending')))
    .returning(claimedColumns);
}

/** The condition of every write after a claim: the job is still pending and still ours. */
function heldBy(jobId: string, instanceId: string) {
  return and(
    eq(generationJobs.id, jobId),
    eq(generationJobs.lockedBy, instanceId),
    eq(generationJobs.status, 'pending'),
  );
}

async function updateHeld(
  db: Db,
  jobId: string,
  instanceId: string,
  values: PgUpdateSetSource<typeof generationJobs>,
): Promise<boolean> {
  const rows = await db
    .update(generationJobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(heldBy(jobId, instanceId))
    .returning({ id: generationJobs.id });
  return rows.length > 0;
}

export type JobOutcome = { status: 'ready'; outputs: JobOutput[] } | { status: 'failed'; error: string };

/** Records the outcome and lets go of the job; false when the lease was lost (someone else owns the outcome). */
export function recordOutcome(
  db: Db,
  jobId: string,
  instanceId: string,
  outcome: JobOutcome,
): Promise<boolean> {
  return updateHeld(db, jobId, instanceId, {
    status: outcome.status,
    ...(outcome.status === 'ready' ? { outputs: outcome.outputs } : { error: outcome.error }),
    finishedAt: sql`now()`,
    lockedBy: null,
    lockedUntil: null,
  });
}

/** Keeps what a queued provider answered at submit (fal's request URLs), so any instance can poll it later. */
export function saveProviderState(
  db: Db,
  jobId: string,
  instanceId: string,
  state: unknown,
): Promise<boolean> {
  return updateHeld(db, jobId, instanceId, { providerState: state });
}

/** Lets go of a job that is not done yet, due again after `delayMs` (fal's next status poll). */
export function postponeJob(db: Db, jobId: string, instanceId: string, delayMs: number): Promise<boolean> {
  return updateHeld(db, jobId, instanceId, {
    runAfter: sql`now() + ${milliseconds(delayMs)}`,
    lockedBy: null,
    lockedUntil: null,
  });
}

/** Lets go of a job at once (this instance is shutting down): another takes it over without a recovery. */
export function releaseJob(db: Db, jobId: string, instanceId: string): Promise<boolean> {
  return updateHeld(db, jobId, instanceId, { runAfter: sql`now()`, lockedBy: null, lockedUntil: null });
}

/** A job whose outcome is recorded; only these are ever removed, a pending job never. */
// Written as literals, the same words as the partial index `generation_jobs_finished_idx`, so the planner can
// match them (bound parameters would hide the values from it under a generic plan).
const isFinished = sql`${generationJobs.status} in ('ready', 'failed')`;

/**
 * Claims up to `limit` finished jobs (ready or failed) that finished more than `retentionMs` ago, to remove them.
 * It is the claim for work with another filter: `FOR UPDATE SKIP LOCKED` keeps sweeping instances off each
 * other's rows at the moment of the claim, and the lease (unused once a job is finished) keeps them off while
 * the holder removes the job's files. A holder that dies mid-way leaves a lease that runs out, and another
 * instance takes the job up.
 */
export async function claimExpiredJobs(
  db: Db,
  options: { instanceId: string; limit: number; retentionMs: number; leaseMs: number },
): Promise<string[]> {
  if (options.limit <= 0) return [];
  const expired = db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(
      and(
        isFinished,
        lt(generationJobs.finishedAt, sql`now() - ${milliseconds(options.retentionMs)}`),
        or(isNull(generationJobs.lockedUntil), lt(generationJobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(generationJobs.finishedAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(generationJobs)
    .set({
      lockedBy: options.instanceId,
      lockedUntil: sql`now() + ${milliseconds(options.leaseMs)}`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(generationJobs.id, expired), isFinished))
    .returning({ id: generationJobs.id });
  return claimed.map((row) => row.id);
}

/** The condition of every write on a claimed finished job: it is still ours (no other instance took it over). */
function expiredHeldBy(jobIds: string[], instanceId: string) {
  return and(inArray(generationJobs.id, jobIds), eq(generationJobs.lockedBy, instanceId), isFinished);
}

/** Deletes claimed jobs whose files are gone; answers the ids deleted. */
export async function deleteExpiredJobs(db: Db, instanceId: string, jobIds: string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const deleted = await db
    .delete(generationJobs)
    .where(expiredHeldBy(jobIds, instanceId))
    .returning({ id: generationJobs.id });
  return deleted.map((row) => row.id);
}

/** Lets go of claimed jobs whose files could not be removed, so the next sweep tries them again. */
export async function releaseExpiredJobs(db: Db, instanceId: string, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .update(generationJobs)
    .set({ lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(expiredHeldBy(jobIds, instanceId));
}
