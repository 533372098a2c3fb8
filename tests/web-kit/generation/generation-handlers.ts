import { http } from 'msw';
import {
  aiImageRequestSchema,
  type FalModelsResponse,
  falImageRequestSchema,
  falModelsResponseSchema,
  falVideoRequestSchema,
  type GenerationAnswer,
  generationAnswerSchema,
  generationJobsResponseSchema,
  straicoAudioRequestSchema,
  straicoVideoRequestSchema,
} from '#shared/generation.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { server } from '#tests/web-kit/msw-server.ts';

let sequence = 0;

export function buildAnswer(overrides: Partial<GenerationAnswer> = {}): GenerationAnswer {
  sequence += 1;
  const jobId = overrides.jobId ?? `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    status: 'pending',
    jobId,
    provider: 'fal',
    model: 'fal-ai/flux/schnell',
    media_type: 'image',
    prompt: 'A parrot in a library',
    urls: [],
    data: [],
    saved: false,
    created_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The answer of a finished job, with its outputs in every shape the contract repeats them in. */
export function readyAnswer(job: GenerationAnswer, urls: string[]): GenerationAnswer {
  return {
    ...job,
    status: 'ready',
    url: urls[0],
    urls,
    data: urls.map((url) => ({ url })),
    ...(job.media_type === 'image' ? { images: urls.map((url) => ({ url })) } : {}),
    ...(job.media_type === 'video' && urls[0] ? { video: { url: urls[0] } } : {}),
    ...(job.media_type === 'audio' && urls[0] ? { audio: { url: urls[0] } } : {}),
  };
}

export function failedAnswer(job: GenerationAnswer, error?: string): GenerationAnswer {
  return { ...job, status: 'failed', ...(error === undefined ? {} : { error }) };
}

type StatusScript = (job: GenerationAnswer, check: number) => GenerationAnswer | Response;

export type GenerationOptions = {
  onStart?: (path: string, body: Record<string, unknown>) => GenerationAnswer | Response;
  onStatus?: StatusScript;
  resumable?: GenerationAnswer[];
  falModels?: FalModelsResponse;
};

/** The start routes, each with the contract's schema of what it reads. */
const startRoutes = {
  '/api/ai/image': aiImageRequestSchema,
  '/api/fal/image': falImageRequestSchema,
  '/api/fal/video': falVideoRequestSchema,
  '/api/straico/video': straicoVideoRequestSchema,
  '/api/straico/audio': straicoAudioRequestSchema,
} as const;

/**
 * The generation routes in memory on the test's MSW server: every start answers what `onStart` makes of the
 * request (pending by default), both status routes answer what `onStatus` says for the job's nth check
 * (1-based), `GET /api/ai/jobs` answers `resumable`, `GET /api/fal/models` fal's lists. Answers are read with the
 * contract's generation schemas.
 */
export function serveGeneration(options: GenerationOptions = {}) {
  const jobs = new Map<string, GenerationAnswer>();
  const checks = new Map<string, number>();
  for (const job of options.resumable ?? []) jobs.set(job.jobId, job);

  function answerStatus(jobId: string): Response {
    const job = jobs.get(jobId);
    if (!job) return errorResponse(404, 'not_found', 'There is no such job');
    const check = (checks.get(jobId) ?? 0) + 1;
    checks.set(jobId, check);
    const answer = options.onStatus?.(job, check) ?? job;
    if (answer instanceof Response) return answer;
    jobs.set(jobId, answer);
    return contractAnswer(generationAnswerSchema, answer);
  }

  const starts = Object.entries(startRoutes).map(([path, schema]) =>
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      // What the page sent must be what the route reads; the scripts below see it as sent.
      schema.parse(body);
      const answer =
        options.onStart?.(path, body) ??
        buildAnswer({
          provider: path.startsWith('/api/fal')
            ? 'fal'
            : path.startsWith('/api/straico')
              ? 'straico'
              : ((body.provider as GenerationAnswer['provider']) ?? 'openrouter'),
          media_type: path.endsWith('video') ? 'video' : path.endsWith('audio') ? 'audio' : 'image',
          model: String(body.model ?? ''),
          prompt: String(body.prompt ?? ''),
        });
      if (answer instanceof Response) return answer;
      jobs.set(answer.jobId, answer);
      return contractAnswer(generationAnswerSchema, answer);
    }),
  );

  server.use(
    ...starts,
    http.get('/api/ai/image/status', ({ request }) =>
      answerStatus(new URL(request.url).searchParams.get('jobId') ?? ''),
    ),
    http.get('/api/straico/status/:jobId', ({ params }) => answerStatus(String(params.jobId))),
    http.get('/api/ai/jobs', () =>
      contractAnswer(generationJobsResponseSchema, { jobs: options.resumable ?? [] }),
    ),
    http.get('/api/fal/models', () =>
      contractAnswer(
        falModelsResponseSchema,
        options.falModels ?? { image: defaultFalImage, video: defaultFalVideo },
      ),
    ),
  );

  return {
    /** How many times a job's status was checked. */
    checksOf: (jobId: string) => checks.get(jobId) ?? 0,
    jobs: () => [...jobs.values()],
  };
}

const defaultFalImage = [
  { id: 'fal-ai/flux/schnell', name: 'FLUX.1 schnell', description: 'Fast images in a few steps.' },
  { id: 'fal-ai/flux/dev', name: 'FLUX.1 dev', description: 'Sharper detail, more steps.' },
];
const defaultFalVideo = [
  {
    id: 'fal-ai/kling-video/v2.1/master/text-to-video',
    name: 'Kling 2.1 Master',
    description: 'Cinematic clips.',
  },
];
