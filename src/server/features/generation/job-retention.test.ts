import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generationJobs, media } from '#server/db/schema.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { createFileMediaStore, type MediaStore } from '#server/lib/infra/media-store.ts';
import type { GenerationAnswer } from '#shared/generation.ts';
import { mediaItemSchema } from '#shared/media.ts';
import { signInMember } from '#tests/factories/members.ts';
import {
  FAKE_API_KEY,
  FAKE_IMAGE_DATA_URI,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { answerOf, eventually, startInstance } from '#tests/setup/generation-test-kit.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { GenerationTimings } from './generation.service.ts';
import { EXPIRED_JOBS_PER_SWEEP, FINISHED_JOB_RETENTION_MS } from './generation-worker.ts';
import { claimExpiredJobs, deleteExpiredJobs } from './job-claim.ts';
import { jobOutputPrefix } from './job-outputs.ts';

/**
 * Retention of finished jobs (docs/decisions/0014 "Retention"): the periodic sweep removes jobs that finished
 * more than FINISHED_JOB_RETENTION_MS ago, their stored outputs first, then their rows. Pending and recent jobs
 * stay, and gallery items saved from a removed job keep their own copy. Jobs start on the base app (OpenRouter's
 * inline image, stored under `jobs/<id>`), whose own sweep stays idle; an instance on the same database sweeps.
 */

const HOUR_MS = 60 * 60 * 1000;
const PNG_1X1 = Buffer.from(FAKE_IMAGE_DATA_URI.split(',')[1] ?? '', 'base64');

let openRouter: FakeOpenAiServer;
let base: TestApp;
let cookie: string;
let userId: number;
const instances: ReturnType<typeof startInstance>[] = [];

beforeAll(async () => {
  openRouter = await startFakeOpenAiServer();
  base = await buildTestApp({
    ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: openRouter.baseUrl } },
    generation: { waitMs: 8_000, sweepMs: 3_600_000 },
  });
  let user: { id: number };
  ({ cookie, user } = await signInMember(base));
  userId = user.id;
});
afterAll(async () => {
  for (const instance of instances) instance.stop();
  await base.close();
  await openRouter.close();
});
beforeEach(async () => {
  for (const instance of instances.splice(0)) instance.stop();
  openRouter.reset();
  // Each test counts on the jobs it made alone: another test's leftovers would be claimed too.
  await base.db.delete(generationJobs);
});

/** Another instance on the base app's database and store, whose periodic sweep does the removing. */
function sweeper(generation: GenerationTimings, extra?: Parameters<typeof startInstance>[2]) {
  const started = startInstance(base, generation, extra);
  instances.push(started);
  return started;
}

async function generate(prompt: string): Promise<GenerationAnswer> {
  return answerOf(
    await base.request('/api/ai/image', {
      method: 'POST',
      cookie,
      body: { provider: 'openrouter', model: 'google/gemini-2.5-flash-image', prompt },
    }),
  );
}

async function finishedAgo(jobId: string, ms: number) {
  await base.db
    .update(generationJobs)
    .set({ finishedAt: new Date(Date.now() - ms) })
    .where(eq(generationJobs.id, jobId));
}

async function rowOf(jobId: string) {
  const [row] = await base.db.select().from(generationJobs).where(eq(generationJobs.id, jobId));
  return row ?? null;
}

/** The files stored under the job's prefix in the store's directory. */
async function storedOutputs(jobId: string): Promise<string[]> {
  try {
    return await readdir(path.join(base.media.dir, jobOutputPrefix(jobId)));
  } catch {
    return [];
  }
}

const remaining = (ids: string[]) =>
  base.db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(inArray(generationJobs.id, ids))
    .then((rows) => rows.map((row) => row.id));

/** A finished job row as the worker leaves it, written directly (no files). */
function finishedRow(finishedAt: Date) {
  return {
    id: randomUUID(),
    userId,
    provider: 'openrouter',
    mediaType: 'image',
    model: 'google/gemini-2.5-flash-image',
    prompt: 'p',
    input: {},
    status: 'ready',
    deadlineAt: finishedAt,
    finishedAt,
  };
}

describe('the periodic sweep', () => {
  it('removes finished jobs past retention with their files, and keeps recent, pending and saved copies', async () => {
    const old = await generate('an old parrot');
    const oldFailed = await generate('[fail] an old failure');
    const saved = await generate('a parrot saved to the gallery');
    const recent = await generate('a recent parrot');
    expect([old.status, oldFailed.status, saved.status, recent.status]).toEqual([
      'ready',
      'failed',
      'ready',
      'ready',
    ]);
    expect(await storedOutputs(old.jobId)).toEqual(['0.png']);

    const savedResponse = await base.request('/api/media', {
      method: 'POST',
      cookie,
      body: { media_type: 'image', media_url: saved.url, title: 'Kept in the gallery' },
    });
    expect(savedResponse.status).toBe(201);
    const item = mediaItemSchema.parse(await savedResponse.json());

    // Pending, created long ago and not held by anyone (a fal job waiting for its next poll). Its finished_at is
    // set, as the worker never writes it, to prove that the status decides and not the timestamp.
    const monthAgo = new Date(Date.now() - 30 * 24 * HOUR_MS);
    const pending = {
      ...finishedRow(monthAgo),
      status: 'pending',
      createdAt: monthAgo,
      runAfter: new Date(Date.now() + HOUR_MS),
      deadlineAt: new Date(Date.now() + HOUR_MS),
    };
    await base.db.insert(generationJobs).values(pending);

    for (const jobId of [old.jobId, oldFailed.jobId, saved.jobId]) {
      await finishedAgo(jobId, FINISHED_JOB_RETENTION_MS + HOUR_MS);
    }
    await finishedAgo(recent.jobId, FINISHED_JOB_RETENTION_MS - HOUR_MS);

    sweeper({ sweepMs: 50 });
    const expired = [old.jobId, oldFailed.jobId, saved.jobId];
    await eventually(
      () => remaining(expired),
      (ids) => ids.length === 0,
    );
    // A few more sweeps, to see they leave the rest alone.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await storedOutputs(old.jobId)).toEqual([]);
    expect(await storedOutputs(saved.jobId)).toEqual([]);
    expect((await base.request(`/api/straico/status/${old.jobId}`, { cookie })).status).toBe(404);
    expect((await base.request(old.url ?? '', { cookie })).status).toBe(404);

    expect(await rowOf(recent.jobId)).toMatchObject({ status: 'ready', lockedBy: null });
    expect(await storedOutputs(recent.jobId)).toEqual(['0.png']);
    const recentFile = await base.request(recent.url ?? '', { cookie });
    expect(recentFile.status).toBe(200);
    expect(Buffer.from(await recentFile.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    expect(await rowOf(pending.id)).toMatchObject({ status: 'pending', lockedBy: null });

    // The gallery item owns its copy: its row and file outlive the job it was saved from.
    expect(await base.db.select().from(media).where(eq(media.id, item.id))).toHaveLength(1);
    const savedFile = await base.request(item.media_url, { cookie });
    expect(savedFile.status).toBe(200);
    expect(Buffer.from(await savedFile.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('takes the retention from the service options', async () => {
    const job = await generate('short lived');
    expect(await storedOutputs(job.jobId)).toEqual(['0.png']);
    sweeper({ sweepMs: 50, finishedJobRetentionMs: 300 });
    await eventually(
      () => rowOf(job.jobId),
      (row) => row === null,
    );
    expect(await storedOutputs(job.jobId)).toEqual([]);
  });

  it('keeps a job whose files could not be removed, logs it, and removes it on a later sweep', async () => {
    const stuck = await generate('stuck in the store');
    const other = await generate('removed meanwhile');
    for (const job of [stuck, other]) await finishedAgo(job.jobId, FINISHED_JOB_RETENTION_MS + HOUR_MS);

    const files = createFileMediaStore(base.media.dir);
    let storeDown = true;
    const breakable: MediaStore = {
      ...files,
      async removeAll(prefix) {
        if (storeDown && prefix === jobOutputPrefix(stuck.jobId)) throw new Error('store unreachable');
        await files.removeAll(prefix);
      },
    };
    const logLines: { msg?: string; jobIds?: string[]; err?: string }[] = [];
    const logger = createLogger('warn', { write: (line: string) => logLines.push(JSON.parse(line)) });
    sweeper({ sweepMs: 50 }, { mediaStore: breakable, logger });

    await eventually(
      () => rowOf(other.jobId),
      (row) => row === null,
    );
    expect(await storedOutputs(other.jobId)).toEqual([]);
    const logged = await eventually(
      async () => logLines.find((line) => line.jobIds?.includes(stuck.jobId)),
      (line) => line !== undefined,
    );
    expect(logged).toMatchObject({ err: 'store unreachable' });
    expect(logged?.msg).toMatch(/could not be removed/);
    // Let go, not deleted: the row still points at its file, and the next sweep tries again.
    await eventually(
      () => rowOf(stuck.jobId),
      (row) => row?.lockedBy === null,
    );
    expect(await storedOutputs(stuck.jobId)).toEqual(['0.png']);

    storeDown = false;
    await eventually(
      () => rowOf(stuck.jobId),
      (row) => row === null,
    );
    expect(await storedOutputs(stuck.jobId)).toEqual([]);
  });
});

describe('claims for removal', () => {
  it('take at most a batch each, never the same job twice, and only the holder deletes', async () => {
    const longAgo = new Date(Date.now() - FINISHED_JOB_RETENTION_MS - HOUR_MS);
    const rows = Array.from({ length: EXPIRED_JOBS_PER_SWEEP * 2 + 50 }, () => finishedRow(longAgo));
    await base.db.insert(generationJobs).values(rows);
    const claim = (instanceId: string) =>
      claimExpiredJobs(base.db, {
        instanceId,
        limit: EXPIRED_JOBS_PER_SWEEP,
        retentionMs: FINISHED_JOB_RETENTION_MS,
        leaseMs: 60_000,
      });

    const first = await claim('instance-a');
    expect(first).toHaveLength(EXPIRED_JOBS_PER_SWEEP);
    const [second, third] = await Promise.all([claim('instance-b'), claim('instance-c')]);
    expect(second.length).toBeLessThanOrEqual(EXPIRED_JOBS_PER_SWEEP);
    expect(third.length).toBeLessThanOrEqual(EXPIRED_JOBS_PER_SWEEP);
    const all = [...first, ...second, ...third];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(rows.map((row) => row.id).sort());
    expect(await claim('instance-d')).toEqual([]);

    expect(await deleteExpiredJobs(base.db, 'instance-a', second)).toEqual([]);
    expect((await deleteExpiredJobs(base.db, 'instance-a', first)).sort()).toEqual([...first].sort());
    expect(await remaining(rows.map((row) => row.id))).toHaveLength(second.length + third.length);
  });
});
