import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generationJobs, media } from '#server/db/schema.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { generationJobsResponseSchema } from '#shared/generation.ts';
import { falModels } from '#shared/generation-fal-models.ts';
import { signInMember } from '#tests/factories/members.ts';
import { FAKE_FAL_KEY, type FakeFalServer, startFakeFalServer } from '#tests/fakes/fal-server.ts';
import {
  FAKE_API_KEY,
  FAKE_IMAGE_DATA_URI,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import {
  FAKE_STRAICO_API_KEY,
  type FakeStraicoServer,
  startFakeStraicoServer,
} from '#tests/fakes/straico-server.ts';
import { answerOf, outcomeOf } from '#tests/setup/generation-test-kit.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Media generation through the real app against the provider fakes: every start answers ready,
 * pending with a job id, or failed with an error; jobs belong to their member; inputs out of range answer 400
 * and write nothing. The worker's own guarantees (restart, several instances, deadline) are in
 * generation-worker.test.ts.
 */

let openRouter: FakeOpenAiServer;
let straico: FakeStraicoServer;
let fal: FakeFalServer;
/** Waits long enough that a quick provider always answers ready or failed at once. */
let t: TestApp;
/** Waits only a moment, so a slow provider answers pending and is polled. */
let p: TestApp;
let cookie: string;
let userId: number;
let pCookie: string;

const PNG_1X1 = Buffer.from(FAKE_IMAGE_DATA_URI.split(',')[1] ?? '', 'base64');
/** A fal app outside the catalogue that the operator allowed (`AI_ALLOWED_MODELS`). */
const OPERATOR_ALLOWED_FAL_APP = 'fal-ai/flux-pro/v1.1-ultra';

beforeAll(async () => {
  [openRouter, straico, fal] = await Promise.all([
    startFakeOpenAiServer(),
    startFakeStraicoServer({ slowMs: 1_000 }),
    startFakeFalServer(),
  ]);
  const ai = {
    openRouter: { apiKey: FAKE_API_KEY, baseUrl: openRouter.baseUrl },
    straico: { apiKey: FAKE_STRAICO_API_KEY, baseUrl: straico.baseUrl },
    fal: { apiKey: FAKE_FAL_KEY, baseUrl: fal.queueUrl, queueUrl: fal.queueUrl },
    allowedModels: [OPERATOR_ALLOWED_FAL_APP],
  };
  [t, p] = await Promise.all([
    buildTestApp({ ai, generation: { waitMs: 8_000, sweepMs: 100, falPollMs: 20 } }),
    buildTestApp({ ai, generation: { waitMs: 150, sweepMs: 100, falPollMs: 30 } }),
  ]);
  let user: { id: number };
  ({ cookie, user } = await signInMember(t));
  userId = user.id;
  ({ cookie: pCookie } = await signInMember(p));
});
afterAll(async () => {
  await Promise.all([t.close(), p.close()]);
  await Promise.all([openRouter.close(), straico.close(), fal.close()]);
});
beforeEach(() => {
  openRouter.reset();
  straico.reset();
  fal.reset();
});

const post = (app: TestApp, path: string, body: unknown, as = cookie) =>
  app.request(path, { method: 'POST', cookie: as, body });
const jobCount = async (app: TestApp) =>
  (await app.db.select({ n: count() }).from(generationJobs))[0]?.n ?? 0;

describe('ready at once', () => {
  it('OpenRouter: the inline image is stored and served from Lumara at the job output URL', async () => {
    const answer = await answerOf(
      await post(t, '/api/ai/image', {
        provider: 'openrouter',
        model: 'google/gemini-2.5-flash-image',
        prompt: 'a parrot',
        size: '1792x1024',
      }),
    );
    const url = `/api/ai/jobs/${answer.jobId}/outputs/0`;
    expect(answer).toMatchObject({
      status: 'ready',
      provider: 'openrouter',
      model: 'google/gemini-2.5-flash-image',
      media_type: 'image',
      prompt: 'a parrot',
      url,
      urls: [url],
      data: [{ url }],
      images: [{ url }],
      saved: false,
    });
    expect(answer.error).toBeUndefined();
    expect(openRouter.chatRequests()[0]?.body.image_config).toEqual({ aspect_ratio: '16:9' });

    const file = await t.request(url, { cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('Straico: the image link as Straico gave it, in the shape the size asks for', async () => {
    const answer = await answerOf(
      await post(t, '/api/ai/image', { provider: 'straico', model: 'openai/dall-e-3', prompt: 'a cat' }),
    );
    expect(answer.status).toBe('ready');
    expect(answer.url).toMatch(new RegExp(`^${straico.baseUrl}/files/.+\\.png$`));
    expect(answer.images).toEqual([{ url: answer.url }]);
    // Straico's default size is the square.
    expect(straico.imageRequests()[0]?.body).toMatchObject({
      size: 'square',
      description: 'a cat',
      variations: 1,
    });
  });

  it('Straico video and audio answer video.url and audio.url', async () => {
    const video = await answerOf(
      await post(t, '/api/straico/video', {
        provider: 'straico',
        model: 'kling/v2.1',
        prompt: 'waves',
        aspect_ratio: '9:16',
        image_url: 'https://example.com/still.png',
      }),
    );
    expect(video).toMatchObject({ status: 'ready', media_type: 'video', video: { url: video.url } });
    expect(straico.videoRequests()[0]?.body).toEqual({
      model: 'kling/v2.1',
      description: 'waves',
      size: 'portrait',
      duration: 4,
      image_url: 'https://example.com/still.png',
    });
    const audio = await answerOf(
      await post(t, '/api/straico/audio', { model: 'eleven_multilingual_v2', prompt: 'Hello' }),
    );
    expect(audio).toMatchObject({ status: 'ready', media_type: 'audio', audio: { url: audio.url } });
    expect(audio.url).toMatch(/speech\.mp3$/);
  });

  it("fal image: submitted with the form's fields, answered with images[].url from fal's result", async () => {
    fal.setStatusSteps({ queued: 0, inProgress: 0 });
    const answer = await answerOf(
      await post(t, '/api/fal/image', {
        model: 'fal-ai/flux/schnell',
        prompt: 'a fox',
        image_size: 'square',
        num_inference_steps: 8,
        num_images: 2,
      }),
    );
    expect(answer.status).toBe('ready');
    expect(answer.images?.[0]?.url).toMatch(new RegExp(`^${fal.queueUrl}/files/.+/image\\.png$`));
    const [submit] = fal.submitRequests();
    expect(submit?.path).toBe('/fal-ai/flux/schnell');
    expect(submit?.body).toEqual({
      prompt: 'a fox',
      image_size: 'square',
      num_inference_steps: 8,
      num_images: 2,
    });
  });

  it("fal video: the duration mapped onto the model's own values, answered as video.url", async () => {
    fal.setStatusSteps({ queued: 0, inProgress: 0 });
    const answer = await answerOf(
      await post(t, '/api/fal/video', {
        model: 'fal-ai/kling-video/v2.1/master/text-to-video',
        prompt: 'a storm',
        duration: 9,
        aspect_ratio: '4:3',
      }),
    );
    expect(answer).toMatchObject({ status: 'ready', media_type: 'video' });
    expect(answer.video?.url).toMatch(/output\.mp4$/);
    expect(fal.submitRequests()[0]?.body).toEqual({
      prompt: 'a storm',
      duration: '10',
      aspect_ratio: '16:9',
    });
  });

  it("fal through POST /api/ai/image maps the size onto fal's enum", async () => {
    fal.setStatusSteps({ queued: 0, inProgress: 0 });
    const answer = await answerOf(
      await post(t, '/api/ai/image', {
        provider: 'fal',
        model: 'fal-ai/flux/dev',
        prompt: 'a wallpaper',
        size: '1792x1024',
      }),
    );
    expect(answer.status).toBe('ready');
    expect(fal.submitRequests()[0]?.body).toEqual({
      prompt: 'a wallpaper',
      image_size: 'landscape_16_9',
      num_images: 1,
    });
  });
});

describe('pending, then the outcome', () => {
  it('Straico taking its time: pending with a job id, listed, then ready on the status routes', async () => {
    const started = await answerOf(
      await post(
        p,
        '/api/ai/image',
        { provider: 'straico', model: 'flux/1.1', prompt: '[slow] a lake' },
        pCookie,
      ),
    );
    expect(started).toMatchObject({ status: 'pending', urls: [], data: [] });
    expect(started.jobId).toMatch(/^[0-9a-f-]{36}$/);
    const listed = generationJobsResponseSchema.parse(
      await (await p.request('/api/ai/jobs', { cookie: pCookie })).json(),
    );
    expect(listed.jobs.map((job) => job.jobId)).toContain(started.jobId);

    const done = await outcomeOf(p, pCookie, started.jobId);
    expect(done.status).toBe('ready');
    const viaImageStatus = await answerOf(
      await p.request(`/api/ai/image/status?provider=straico&jobId=${started.jobId}`, { cookie: pCookie }),
    );
    expect(viaImageStatus).toEqual(done);
    expect(straico.imageRequests()).toHaveLength(1);
  });

  it('fal queued and running: pending, polled through its status steps, then ready', async () => {
    fal.setStatusSteps({ queued: 8, inProgress: 8 });
    const started = await answerOf(
      await post(p, '/api/fal/image', { model: 'fal-ai/flux/schnell', prompt: 'a fox' }, pCookie),
    );
    expect(started.status).toBe('pending');
    const done = await outcomeOf(p, pCookie, started.jobId);
    expect(done.status).toBe('ready');
    expect(done.images).toHaveLength(1);
    expect(fal.submitRequests()).toHaveLength(1);
    expect(fal.statusRequests().length).toBeGreaterThanOrEqual(17);
    expect(fal.resultRequests()).toHaveLength(1);
  });

  it("fal failing at the result: pending, then failed with fal's reason", async () => {
    fal.setStatusSteps({ queued: 4, inProgress: 4 });
    const started = await answerOf(
      await post(p, '/api/fal/video', { model: 'fal-ai/veo3.1/fast', prompt: 'a [fail] storm' }, pCookie),
    );
    expect(started.status).toBe('pending');
    const done = await outcomeOf(p, pCookie, started.jobId);
    expect(done).toMatchObject({ status: 'failed', error: 'fal.ai: Runner disconnected', urls: [] });
  });
});

describe('failures are answers, never 500s', () => {
  it("a provider error is a failed job with the provider's message", async () => {
    const answer = await answerOf(
      await post(t, '/api/straico/audio', { model: 'eleven_multilingual_v2', prompt: '[fail] hello' }),
    );
    expect(answer).toMatchObject({ status: 'failed', error: 'Straico: Internal server error' });
  });

  it('garbage from Straico or OpenRouter fails the job', async () => {
    const straicoGarbage = await answerOf(
      await post(t, '/api/ai/image', { provider: 'straico', model: 'flux/1.1', prompt: '[garbage]' }),
    );
    expect(straicoGarbage).toMatchObject({
      status: 'failed',
      error: 'Straico: sent an answer Lumara could not read',
    });
    const openRouterGarbage = await answerOf(
      await post(t, '/api/ai/image', {
        provider: 'openrouter',
        model: 'google/gemini-2.5-flash-image',
        prompt: '[garbage]',
      }),
    );
    expect(openRouterGarbage).toMatchObject({
      status: 'failed',
      error: 'OpenRouter: sent an answer Lumara could not read',
    });
  });

  it('an inline "image" that is not one is refused, and nothing is stored for it', async () => {
    const html = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    openRouter.enqueue({ kind: 'images', urls: [html] });
    const answer = await answerOf(
      await post(t, '/api/ai/image', {
        provider: 'openrouter',
        model: 'google/gemini-2.5-flash-image',
        prompt: 'x',
      }),
    );
    expect(answer).toMatchObject({
      status: 'failed',
      error: 'OpenRouter: sent a file that is not a PNG, JPEG, WebP or GIF image',
    });
    expect((await t.request(`/api/ai/jobs/${answer.jobId}/outputs/0`, { cookie })).status).toBe(404);
  });

  it('a link that is not http(s) is refused', async () => {
    openRouter.enqueue({ kind: 'images', urls: ['javascript:alert(1)'] });
    const answer = await answerOf(
      await post(t, '/api/ai/image', {
        provider: 'openrouter',
        model: 'google/gemini-2.5-flash-image',
        prompt: 'x',
      }),
    );
    expect(answer).toMatchObject({
      status: 'failed',
      error: 'OpenRouter: answered with a link Lumara cannot use',
    });
  });
});

describe('refused before any job is written', () => {
  it('inputs out of range answer 400 with the fields', async () => {
    const before = await jobCount(t);
    const cases: [string, unknown, string][] = [
      ['/api/fal/image', { model: 'fal-ai/flux/schnell', prompt: 'a', num_images: 5 }, 'num_images'],
      [
        '/api/fal/image',
        { model: 'fal-ai/flux/schnell', prompt: 'a', num_inference_steps: 0 },
        'num_inference_steps',
      ],
      ['/api/fal/image', { model: 'fal-ai/flux/schnell', prompt: 'a', image_size: 'huge' }, 'image_size'],
      ['/api/fal/video', { model: 'fal-ai/veo3.1/fast', prompt: 'a', duration: 11 }, 'duration'],
      ['/api/fal/video', { model: 'fal-ai/veo3.1/fast', prompt: 'a', duration: 2 }, 'duration'],
      ['/api/fal/video', { model: 'fal-ai/veo3.1/fast', prompt: 'a', aspect_ratio: '2:1' }, 'aspect_ratio'],
      ['/api/straico/video', { model: 'kling/v2.1', prompt: 'a', duration: 11 }, 'duration'],
      [
        '/api/straico/video',
        { model: 'kling/v2.1', prompt: 'a', image_url: 'file:///etc/passwd' },
        'image_url',
      ],
      ['/api/ai/image', { provider: 'straico', model: 'flux/1.1', prompt: 'a', size: '800x600' }, 'size'],
      ['/api/ai/image', { provider: 'straico', model: 'flux/1.1', prompt: '   ' }, 'prompt'],
      ['/api/straico/audio', { model: 'eleven v3', prompt: 'a' }, 'model'],
    ];
    for (const [path, body, field] of cases) {
      const response = await post(t, path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const error = apiErrorBodySchema.parse(await response.json()).error;
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    expect(await jobCount(t)).toBe(before);
  });

  it('a model the server does not offer for that kind answers 400 naming it, and reaches no provider', async () => {
    const before = await jobCount(t);
    const cases: [string, Record<string, unknown>][] = [
      ['/api/fal/image', { model: 'fal-ai/flux-pro/v1.1', prompt: 'a fox' }],
      ['/api/fal/image', { model: 'fal-ai/veo3.1/fast', prompt: 'a fox' }],
      ['/api/fal/video', { model: 'fal-ai/flux/schnell', prompt: 'a fox' }],
      ['/api/ai/image', { provider: 'fal', model: 'fal-ai/recraft/v3/text-to-image', prompt: 'a fox' }],
      ['/api/ai/image', { provider: 'openrouter', model: 'openai/gpt-4o-mini', prompt: 'a fox' }],
      ['/api/straico/video', { model: 'eleven_v3', prompt: 'a fox' }],
      ['/api/straico/audio', { model: 'openai/dall-e-3', prompt: 'a fox' }],
    ];
    for (const [path, body] of cases) {
      const response = await post(t, path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const error = apiErrorBodySchema.parse(await response.json()).error;
      expect(error).toMatchObject({
        code: 'validation_failed',
        fields: { model: 'Choose a model from the list' },
      });
      expect(error.message).toContain(`does not offer "${body.model}" on this server`);
    }
    expect(await jobCount(t)).toBe(before);
    expect(fal.submitRequests()).toHaveLength(0);
    expect(straico.requests).toHaveLength(0);
    expect(openRouter.chatRequests()).toHaveLength(0);
  });

  it('a fal app the operator allowed (AI_ALLOWED_MODELS) is generated', async () => {
    fal.setStatusSteps({ queued: 0, inProgress: 0 });
    const answer = await answerOf(
      await post(t, '/api/fal/image', { model: OPERATOR_ALLOWED_FAL_APP, prompt: 'a fox' }),
    );
    expect(answer).toMatchObject({ status: 'ready', model: OPERATOR_ALLOWED_FAL_APP });
    expect(fal.submitRequests()[0]?.path).toBe(`/${OPERATOR_ALLOWED_FAL_APP}`);
  });

  it('a local model cannot make images: 400', async () => {
    const response = await post(t, '/api/ai/image', {
      provider: 'local',
      model: 'llama3.2',
      prompt: 'a cat',
    });
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('bad_request');
  });
});

describe('a job belongs to its member', () => {
  it('another member, an unknown id or a non-uuid answers 404 on every job route', async () => {
    const answer = await answerOf(
      await post(t, '/api/ai/image', {
        provider: 'openrouter',
        model: 'google/gemini-2.5-flash-image',
        prompt: 'mine',
      }),
    );
    expect(answer.status).toBe('ready');
    const other = await signInMember(t);
    const paths = [
      `/api/straico/status/${answer.jobId}`,
      `/api/ai/image/status?provider=openrouter&jobId=${answer.jobId}`,
      `/api/ai/jobs/${answer.jobId}/outputs/0`,
    ];
    for (const path of paths) {
      const response = await t.request(path, { cookie: other.cookie });
      expect(response.status, path).toBe(404);
      expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('not_found');
    }
    const listed = generationJobsResponseSchema.parse(
      await (await t.request('/api/ai/jobs', { cookie: other.cookie })).json(),
    );
    expect(listed.jobs).toEqual([]);
    expect((await t.request('/api/ai/image/status?provider=openrouter', { cookie })).status).toBe(400);
    for (const path of [
      '/api/straico/status/not-a-uuid',
      '/api/straico/status/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11',
      '/api/ai/image/status?jobId=%27%20or%201%3D1',
      `/api/ai/jobs/${answer.jobId}/outputs/1`,
      `/api/ai/jobs/${answer.jobId}/outputs/x`,
      `/api/ai/jobs/${answer.jobId}/outputs/99999`,
    ]) {
      expect((await t.request(path, { cookie })).status, path).toBe(404);
    }
  });
});

describe('GET /api/ai/jobs', () => {
  it('lists pending and unsaved recent jobs newest first, and drops a job once all its outputs are saved', async () => {
    const member = await signInMember(t);
    const start = (prompt: string) =>
      post(
        t,
        '/api/ai/image',
        { provider: 'openrouter', model: 'google/gemini-2.5-flash-image', prompt },
        member.cookie,
      ).then(answerOf);
    const first = await start('first');
    const second = await start('second');
    const failed = await start('[fail] third');
    expect(failed.status).toBe('failed');

    const list = async () =>
      generationJobsResponseSchema.parse(
        await (await t.request('/api/ai/jobs', { cookie: member.cookie })).json(),
      ).jobs;
    expect((await list()).map((job) => job.jobId)).toEqual([second.jobId, first.jobId]);

    await t.db.insert(media).values({
      userId: member.user.id,
      mediaType: 'image',
      storageKey: `media/${member.user.id}/saved.png`,
      contentType: 'image/png',
      sizeBytes: PNG_1X1.length,
      sourceUrl: second.url ?? '',
    });
    expect((await list()).map((job) => job.jobId)).toEqual([first.jobId]);
    const savedNow = await answerOf(
      await t.request(`/api/straico/status/${second.jobId}`, { cookie: member.cookie }),
    );
    expect(savedNow.saved).toBe(true);
  });

  it('lists at most 20', async () => {
    const member = await signInMember(t);
    const job = await answerOf(
      await post(
        t,
        '/api/ai/image',
        { provider: 'openrouter', model: 'google/gemini-2.5-flash-image', prompt: 'p' },
        member.cookie,
      ),
    );
    const [row] = await t.db.select().from(generationJobs).where(eq(generationJobs.id, job.jobId));
    if (!row) throw new Error('job row missing');
    await t.db
      .insert(generationJobs)
      .values(Array.from({ length: 24 }, () => ({ ...row, id: crypto.randomUUID() })));
    const listed = generationJobsResponseSchema.parse(
      await (await t.request('/api/ai/jobs', { cookie: member.cookie })).json(),
    );
    expect(listed.jobs).toHaveLength(20);
  });
});

describe('GET /api/fal/models', () => {
  it('answers the fal image and video lists', async () => {
    const response = await t.request('/api/fal/models', { cookie });
    expect(await response.json()).toEqual(falModels);
    expect(falModels.image.length).toBeGreaterThan(0);
    expect(falModels.video.length).toBeGreaterThan(0);
  });
});

describe('provider not configured', () => {
  it('answers 503 at once and writes no job', async () => {
    const bare = await buildTestApp();
    try {
      const member = await signInMember(bare);
      for (const [path, body] of [
        ['/api/ai/image', { provider: 'openrouter', model: 'google/gemini-2.5-flash-image', prompt: 'a' }],
        ['/api/straico/video', { model: 'kling/v2.1', prompt: 'a' }],
        ['/api/fal/image', { model: 'fal-ai/flux/schnell', prompt: 'a' }],
      ] as const) {
        const response = await bare.request(path, { method: 'POST', cookie: member.cookie, body });
        expect(response.status).toBe(503);
        expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('provider_not_configured');
      }
      expect(await jobCount(bare)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('rate limit', () => {
  it("starts count against the member's AI limit; status polls do not", async () => {
    const limited = await buildTestApp({
      ai: { straico: { apiKey: FAKE_STRAICO_API_KEY, baseUrl: straico.baseUrl }, rateLimitPerMinute: 2 },
    });
    try {
      const member = await signInMember(limited);
      const start = () =>
        limited.request('/api/ai/image', {
          method: 'POST',
          cookie: member.cookie,
          body: { provider: 'straico', model: 'flux/1.1', prompt: 'a cat' },
        });
      const first = await answerOf(await start());
      await answerOf(await start());
      const third = await start();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      for (let i = 0; i < 4; i++) {
        expect(
          (await limited.request(`/api/straico/status/${first.jobId}`, { cookie: member.cookie })).status,
        ).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('answers 429 past GENERATION_JOBS_IN_FLIGHT_PER_MEMBER pending jobs, counted however many start at once', async () => {
    const capped = await buildTestApp({
      ai: {
        fal: { apiKey: FAKE_FAL_KEY, baseUrl: fal.queueUrl, queueUrl: fal.queueUrl },
        generationJobsInFlightPerMember: 2,
      },
      generation: { waitMs: 100, sweepMs: 100, falPollMs: 50 },
    });
    try {
      const member = await signInMember(capped);
      // `[never]`: fal keeps the job in progress, so it stays pending.
      const start = (as = member.cookie, prompt = 'a fox [never]') =>
        capped.request('/api/fal/image', {
          method: 'POST',
          cookie: as,
          body: { model: 'fal-ai/flux/schnell', prompt },
        });
      const answers = await Promise.all([start(), start(), start(), start()]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429, 429]);
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused?.headers.get('retry-after')).toBe('5');
      expect(apiErrorBodySchema.parse(await refused?.json()).error).toEqual({
        code: 'rate_limited',
        message: 'Too many generations running at once (at most 2): try again when one has finished',
      });
      const rows = await capped.db.select().from(generationJobs);
      expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);

      // Another member has their own share; a job that has finished makes room again.
      expect((await start((await signInMember(capped)).cookie)).status).toBe(200);
      await capped.db
        .update(generationJobs)
        .set({ status: 'failed', finishedAt: new Date() })
        .where(eq(generationJobs.id, rows[0]?.id ?? ''));
      expect((await start()).status).toBe(200);
      expect((await start()).status).toBe(429);
    } finally {
      await capped.close();
    }
  });
});

it('keeps userId in the row it wrote', async () => {
  const answer = await answerOf(
    await post(t, '/api/ai/image', {
      provider: 'openrouter',
      model: 'google/gemini-2.5-flash-image',
      prompt: 'row',
    }),
  );
  const [row] = await t.db.select().from(generationJobs).where(eq(generationJobs.id, answer.jobId));
  expect(row).toMatchObject({ userId, status: 'ready', lockedBy: null, lockedUntil: null });
  expect(row?.finishedAt).toBeInstanceOf(Date);
});
