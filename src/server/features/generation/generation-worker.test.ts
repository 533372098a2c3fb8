import { randomUUID } from 'node:crypto';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generationJobs } from '#server/db/schema.ts';
import { MEDIA_TEXTS } from '#shared/media.ts';
import { signInMember } from '#tests/factories/members.ts';
import { FAKE_FAL_KEY, type FakeFalServer, startFakeFalServer } from '#tests/fakes/fal-server.ts';
import {
  FAKE_STRAICO_API_KEY,
  type FakeStraicoServer,
  startFakeStraicoServer,
} from '#tests/fakes/straico-server.ts';
import { answerOf, eventually, outcomeOf, startInstance } from '#tests/setup/generation-test-kit.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { MAX_RECOVERIES } from './generation-worker.ts';

/**
 * The job worker's promises (docs/decisions/0014): a job survives a restart and is finished by whichever
 * instance takes it up, several instances never process one job twice, a job whose holder keeps dying fails,
 * and a job past its deadline fails as 'Generation timed out'. Instances share one database, as servers behind
 * a load balancer do; the base app's own worker stays idle (an hour between sweeps) so each test says which
 * instance works.
 */

let straico: FakeStraicoServer;
let fal: FakeFalServer;
let base: TestApp;
let cookie: string;
let userId: number;
const instances: ReturnType<typeof startInstance>[] = [];

beforeAll(async () => {
  [straico, fal] = await Promise.all([startFakeStraicoServer(), startFakeFalServer()]);
  base = await buildTestApp({
    ai: {
      straico: { apiKey: FAKE_STRAICO_API_KEY, baseUrl: straico.baseUrl },
      fal: { apiKey: FAKE_FAL_KEY, baseUrl: fal.queueUrl, queueUrl: fal.queueUrl },
    },
    media: { jobTimeoutMs: 2_500 },
    generation: { waitMs: 100, sweepMs: 3_600_000, falPollMs: 20 },
  });
  let user: { id: number };
  ({ cookie, user } = await signInMember(base));
  userId = user.id;
});
afterAll(async () => {
  for (const instance of instances) instance.stop();
  await base.close();
  await Promise.all([straico.close(), fal.close()]);
});
beforeEach(() => {
  for (const instance of instances.splice(0)) instance.stop();
  straico.reset();
  fal.reset();
});

function instance(timings: { waitMs?: number; sweepMs?: number; falPollMs?: number }) {
  const started = startInstance(base, { sweepMs: 50, falPollMs: 20, ...timings });
  instances.push(started);
  return started;
}

async function rowOf(jobId: string) {
  const [row] = await base.db.select().from(generationJobs).where(eq(generationJobs.id, jobId));
  if (!row) throw new Error(`no job ${jobId}`);
  return row;
}

/** A due fal job as the start route writes it, unclaimed. */
function falJob(prompt: string, lease: { lockedBy?: string; lockedUntil?: SQL; recoveries?: number } = {}) {
  const input = {
    kind: 'fal-image',
    prompt,
    model: 'fal-ai/flux/schnell',
    image_size: 'square_hd',
    num_inference_steps: 4,
    num_images: 1,
  };
  return {
    id: randomUUID(),
    userId,
    provider: 'fal',
    mediaType: 'image',
    model: input.model,
    prompt,
    input,
    deadlineAt: sql`now() + interval '1 minute'`,
    ...lease,
  };
}

describe('restart', () => {
  it('a fal job left by a crashed instance is finished by a new one from the stored request, not submitted again', async () => {
    fal.setStatusSteps({ queued: 1_000, inProgress: 0 });
    const first = instance({ waitMs: 100 });
    const started = await answerOf(
      await first.request('/api/fal/image', {
        method: 'POST',
        cookie,
        body: { model: 'fal-ai/flux/schnell', prompt: 'survives a restart' },
      }),
    );
    expect(started.status).toBe('pending');
    const submitted = await eventually(
      () => rowOf(started.jobId),
      (row) => row.providerState !== null,
    );
    expect(submitted.providerState).toMatchObject({ statusUrl: expect.stringContaining('/status') });

    // The first instance dies mid-job: its lease is left behind, run out.
    first.stop();
    await base.db
      .update(generationJobs)
      .set({ lockedBy: 'crashed-instance', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(generationJobs.id, started.jobId));
    fal.setStatusSteps({ queued: 0, inProgress: 0 });

    const second = instance({});
    const done = await outcomeOf(second, cookie, started.jobId);
    expect(done.status).toBe('ready');
    expect(done.images?.[0]?.url).toMatch(/\/files\/.+\/image\.png$/);
    expect(fal.submitRequests()).toHaveLength(1);
    expect(await rowOf(started.jobId)).toMatchObject({ recoveries: 1, lockedBy: null });
  });

  it('an instance shutting down lets go of its job at once, without counting a recovery', async () => {
    const first = instance({ waitMs: 100 });
    const started = await answerOf(
      await first.request('/api/straico/audio', {
        method: 'POST',
        cookie,
        body: { model: 'eleven_multilingual_v2', prompt: '[hang] hello' },
      }),
    );
    expect(started.status).toBe('pending');
    first.stop();
    const released = await eventually(
      () => rowOf(started.jobId),
      (row) => row.lockedBy === null,
    );
    expect(released).toMatchObject({ status: 'pending', recoveries: 0 });
  });
});

describe('several instances', () => {
  it('process each due job exactly once', async () => {
    fal.setStatusSteps({ queued: 2, inProgress: 1 });
    const jobs = Array.from({ length: 8 }, (_, i) => falJob(`race ${i}`));
    await base.db.insert(generationJobs).values(jobs);
    instance({});
    instance({});
    instance({});
    const ids = jobs.map((job) => job.id);
    const rows = await eventually(
      () => base.db.select().from(generationJobs).where(inArray(generationJobs.id, ids)),
      (all) => all.every((row) => row.status !== 'pending'),
    );
    expect(rows.map((row) => row.status)).toEqual(jobs.map(() => 'ready'));
    const submittedPrompts = fal.submitRequests().map((request) => request.body?.prompt);
    expect(submittedPrompts.sort()).toEqual(jobs.map((job) => job.prompt).sort());
    expect(fal.resultRequests()).toHaveLength(jobs.length);
    expect(rows.every((row) => row.recoveries === 0 && row.lockedBy === null)).toBe(true);
  });

  it('leave a job alone while another instance holds its lease', async () => {
    const held = falJob('held elsewhere', {
      lockedBy: 'another-instance',
      lockedUntil: sql`now() + interval '1 minute'`,
    });
    await base.db.insert(generationJobs).values(held);
    instance({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fal.submitRequests()).toHaveLength(0);
    expect(await rowOf(held.id)).toMatchObject({ status: 'pending', lockedBy: 'another-instance' });
  });
});

describe('limits', () => {
  it('a job whose holder died too often fails instead of running again', async () => {
    const doomed = falJob('keeps crashing', {
      recoveries: MAX_RECOVERIES,
      lockedBy: 'crashed-instance',
      lockedUntil: sql`now() - interval '1 second'`,
    });
    await base.db.insert(generationJobs).values(doomed);
    instance({});
    const row = await eventually(
      () => rowOf(doomed.id),
      (job) => job.status !== 'pending',
    );
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/^Generation failed/);
    expect(fal.submitRequests()).toHaveLength(0);
  });

  it('past the deadline a job fails as "Generation timed out", a fal one cancelled at fal', async () => {
    const worker = instance({ waitMs: 100 });
    const start = (path: string, body: unknown) =>
      worker.request(path, { method: 'POST', cookie, body }).then(answerOf);
    const [never, hang] = await Promise.all([
      start('/api/fal/video', { model: 'fal-ai/veo3.1/fast', prompt: 'a [never] ending clip' }),
      start('/api/straico/video', { model: 'kling/v2.1', prompt: 'a [hang] clip' }),
    ]);
    expect([never.status, hang.status]).toEqual(['pending', 'pending']);
    const [neverDone, hangDone] = await Promise.all([
      outcomeOf(worker, cookie, never.jobId),
      outcomeOf(worker, cookie, hang.jobId),
    ]);
    expect(neverDone).toMatchObject({ status: 'failed', error: MEDIA_TEXTS.generationTimedOut });
    expect(hangDone).toMatchObject({ status: 'failed', error: MEDIA_TEXTS.generationTimedOut });
    await eventually(
      async () => fal.cancelRequests().length,
      (n) => n === 1,
    );
  });
});
