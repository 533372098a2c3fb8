import type { GenerationAnswer } from '#shared/generation.ts';
import { errorResponse, jsonResponse, type StubbedRequest } from '#tests/web-kit/fetch-stub.ts';

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

const startPaths = new Set([
  '/api/ai/image',
  '/api/fal/image',
  '/api/fal/video',
  '/api/straico/video',
  '/api/straico/audio',
]);

/**
 * The generation routes in memory: every start answers what `onStart` makes of the request (pending by
 * default), both status routes answer what `onStatus` says for the job's nth check (1-based), `GET /api/ai/jobs`
 * answers `resumable`, `GET /api/fal/models` fal's lists. Other requests: undefined, so it chains.
 */
export function createGenerationServer(
  options: {
    onStart?: (path: string, body: Record<string, unknown>) => GenerationAnswer | Response;
    onStatus?: StatusScript;
    resumable?: GenerationAnswer[];
    falModels?: { image: { id: string; name: string; description: string }[]; video: typeof defaultFalVideo };
  } = {},
) {
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
    return jsonResponse(answer);
  }

  function route(request: StubbedRequest): Response | undefined {
    const url = new URL(request.path, 'http://localhost');
    if (request.method === 'POST' && startPaths.has(url.pathname)) {
      const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
      const answer =
        options.onStart?.(url.pathname, body) ??
        buildAnswer({
          provider: url.pathname.startsWith('/api/fal')
            ? 'fal'
            : url.pathname.startsWith('/api/straico')
              ? 'straico'
              : ((body.provider as GenerationAnswer['provider']) ?? 'openrouter'),
          media_type: url.pathname.endsWith('video')
            ? 'video'
            : url.pathname.endsWith('audio')
              ? 'audio'
              : 'image',
          model: String(body.model ?? ''),
          prompt: String(body.prompt ?? ''),
        });
      if (answer instanceof Response) return answer;
      jobs.set(answer.jobId, answer);
      return jsonResponse(answer);
    }
    if (request.method !== 'GET') return undefined;
    if (url.pathname === '/api/ai/image/status') return answerStatus(url.searchParams.get('jobId') ?? '');
    const straico = /^\/api\/straico\/status\/([^/]+)$/.exec(url.pathname);
    if (straico) return answerStatus(decodeURIComponent(straico[1] ?? ''));
    if (url.pathname === '/api/ai/jobs') return jsonResponse({ jobs: options.resumable ?? [] });
    if (url.pathname === '/api/fal/models') {
      return jsonResponse(options.falModels ?? { image: defaultFalImage, video: defaultFalVideo });
    }
    return undefined;
  }

  return {
    route,
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
