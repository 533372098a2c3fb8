import { z } from 'zod';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { notFoundText } from '#server/lib/http/errors.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { serveStoredFile } from '#server/lib/http/serve-stored-file.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/infra/rate-limiter.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import {
  aiImageRequestSchema,
  falImageRequestSchema,
  falModelsResponseSchema,
  falVideoRequestSchema,
  generationAnswerSchema,
  generationJobsResponseSchema,
  imageStatusQuerySchema,
  straicoAudioRequestSchema,
  straicoVideoRequestSchema,
} from '#shared/generation.ts';
import { falModels } from '#shared/generation-fal-models.ts';
import { MAX_JOB_OUTPUTS } from './collect-outputs.ts';
import type { GenerationService } from './generation.service.ts';
import { inlineImageContentTypes } from './inline-output.ts';

/** Lumara's job id; the service answers 404 for anything that names no job of the member's. */
const jobIdParam = z.string().meta({ description: "Lumara's job id (a UUID)", format: 'uuid' });

/** An output's index: a small whole number below MAX_JOB_OUTPUTS; anything else names no file (404). */
const noFile = { error: () => notFoundText('file') };
const outputIndexParam = z
  .string()
  .regex(/^\d{1,3}$/, noFile)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .max(MAX_JOB_OUTPUTS - 1, noFile),
  )
  .meta({ type: 'integer', minimum: 0, maximum: MAX_JOB_OUTPUTS - 1, examples: [0] });

/** An inline output is only ever one of the images inline-output.ts takes. */
const outputFileContent = Object.fromEntries(
  inlineImageContentTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
);

const answer = (description: string) => ({ 200: json(generationAnswerSchema, description) });
const started = answer(
  'Ready or failed when the provider was that quick, else pending with the `jobId` to poll',
);

/**
 * Media generation (`POST /api/ai/image` and its status, the Straico and fal calls), plus the
 * job list the studio picks generations up from and the outputs that came inline. Every call is a signed-in
 * member's and sees only their own jobs (404 otherwise).
 */
export const generationRoutes = {
  aiImage: apiRoute({
    method: 'post',
    path: '/api/ai/image',
    operationId: 'startImageGeneration',
    tags: ['Generation'],
    summary: 'Start an image with any provider that makes images',
    description:
      'The job is written, run at once and waited for up to 2 s: **200** with it `ready` or `failed` when ' +
      'the provider was that quick, else `pending` with the `jobId` to poll (`GET /api/ai/image/status`). ' +
      'A failed job is no HTTP error: the answer says what happened. Bad input **400** `validation_failed` ' +
      'with the failing fields and no job written; the provider without its key **503** ' +
      '`provider_not_configured` naming the variable, at once, no job written. A model the server does not ' +
      "offer for this kind of media (the catalogue's and `AI_ALLOWED_MODELS`) **400** `validation_failed` " +
      'naming it, no job written. Counts against the per-member AI limits (`AI_RATE_LIMIT_PER_MINUTE` a ' +
      'minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with `Retry-After`), and a member ' +
      'may have `GENERATION_JOBS_IN_FLIGHT_PER_MEMBER` jobs pending at once (avatars included): one more ' +
      '**429** `rate_limited` with `Retry-After: 5` (the polling interval), no job written.\n\n' +
      '`local` **400**: a local model cannot make images. The prompt is trimmed.\n\n' +
      '- OpenRouter: chat completions asking for image output (`modalities` `["image","text"]`, ' +
      '`["image"]` for image-only models such as `black-forest-labs/…`), `image_config.aspect_ratio` 1:1, ' +
      '16:9 or 9:16 by size; its inline PNG, JPEG, WebP or GIF (checked by its bytes, at most ' +
      '`MEDIA_MAX_BYTES`) is stored and served at `/api/ai/jobs/{jobId}/outputs/{n}`; anything else fails ' +
      'the job.\n' +
      '- Straico: `POST /v0/image/generation`, size square, landscape or portrait, one variation.\n' +
      "- fal: the model on fal's queue with `image_size` `square_hd`, `landscape_16_9` or `portrait_16_9`.",
    request: { body: jsonBody(aiImageRequestSchema) },
    responses: started,
  }),
  imageStatus: apiRoute({
    method: 'get',
    path: '/api/ai/image/status',
    operationId: 'getGenerationStatus',
    tags: ['Generation'],
    summary: 'How a generation stands (any provider, any kind)',
    description:
      "The generation answer of the member's job. `provider` is optional and informative (the job knows " +
      "its own; an unknown value **400**); a `jobId` that is not a UUID, unknown, or another member's " +
      '**404** `not_found`; no `jobId` (or one over 100 characters) **400**. Polling does not count ' +
      'against the AI limit.',
    request: { query: queryOf(imageStatusQuerySchema) },
    responses: answer('The generation as it stands'),
  }),
  straicoStatus: apiRoute({
    method: 'get',
    path: '/api/straico/status/{jobId}',
    operationId: 'getStraicoGenerationStatus',
    tags: ['Generation'],
    summary: 'How a generation stands (the Straico path)',
    description:
      'As `GET /api/ai/image/status`, for any job of the member: a `jobId` that is not a UUID, unknown, or ' +
      "another member's **404** `not_found`.",
    request: { params: z.object({ jobId: jobIdParam }) },
    responses: answer('The generation as it stands'),
  }),
  straicoVideo: apiRoute({
    method: 'post',
    path: '/api/straico/video',
    operationId: 'startStraicoVideo',
    tags: ['Generation'],
    summary: 'Start a Straico video, optionally from a still',
    description:
      'Starts a job as `POST /api/ai/image` does (the same wait, errors and AI limit); the answer carries ' +
      "`video.url`. `provider` may only be `straico`. `aspect_ratio` is sent to Straico's `POST " +
      '/v1/image/tovideo` as landscape (16:9, 4:3), portrait (9:16, 3:4) or square; `image_url` is an ' +
      'http(s) link, the still to start from.',
    request: { body: jsonBody(straicoVideoRequestSchema) },
    responses: started,
  }),
  straicoAudio: apiRoute({
    method: 'post',
    path: '/api/straico/audio',
    operationId: 'startStraicoAudio',
    tags: ['Generation'],
    summary: 'Start a Straico text-to-speech',
    description:
      'Starts a job as `POST /api/ai/image` does (the same wait, errors and AI limit); the answer carries ' +
      "`audio.url`: the prompt spoken (`POST /v1/tts/create`, form-encoded, ElevenLabs' default voice " +
      '"Rachel").',
    request: { body: jsonBody(straicoAudioRequestSchema) },
    responses: started,
  }),
  falModels: apiRoute({
    method: 'get',
    path: '/api/fal/models',
    operationId: 'listFalModels',
    tags: ['Generation'],
    summary: "fal.ai's image and video models",
    description: "The catalogue's fal image and video models (`src/shared/ai-catalogue.ts`).",
    responses: { 200: json(falModelsResponseSchema, 'The image models and the video models') },
  }),
  falImage: apiRoute({
    method: 'post',
    path: '/api/fal/image',
    operationId: 'startFalImages',
    tags: ['Generation'],
    summary: 'Start 1 to 4 fal.ai images',
    description:
      'Starts a job as `POST /api/ai/image` does (the same wait, errors and AI limit); the answer carries ' +
      '`images[].url`. `image_size`, `num_inference_steps` and `num_images` are sent to fal as given.',
    request: { body: jsonBody(falImageRequestSchema) },
    responses: started,
  }),
  falVideo: apiRoute({
    method: 'post',
    path: '/api/fal/video',
    operationId: 'startFalVideo',
    tags: ['Generation'],
    summary: 'Start a fal.ai video',
    description:
      'Starts a job as `POST /api/ai/image` does (the same wait, errors and AI limit); the answer carries ' +
      "`video.url`. fal's video models take their own values, so each is sent the nearest duration it " +
      'accepts (the longer one on a tie) and, lacking the ratio asked for, one of the same orientation:\n\n' +
      '- Kling (`…/kling-video/…`): `"5"` or `"10"`; 16:9, 9:16, 1:1 (4:3 → 16:9, 3:4 → 9:16)\n' +
      '- Hailuo (`…/hailuo…`): `"6"` or `"10"`; no ratio\n' +
      '- Veo (`…/veo…`): `"4s"`, `"6s"` or `"8s"`; 16:9 or 9:16 (1:1 and 4:3 → 16:9, 3:4 → 9:16)\n\n' +
      'Another model gets the seconds as text (`"7"`) and the ratio as asked.',
    request: { body: jsonBody(falVideoRequestSchema) },
    responses: started,
  }),
  jobs: apiRoute({
    method: 'get',
    path: '/api/ai/jobs',
    operationId: 'listGenerationJobs',
    tags: ['Generation'],
    summary: "The member's pending generations and the recent ones not saved yet, newest first",
    description:
      "The member's pending jobs and their ready jobs finished in the last 24 hours with an output not " +
      'saved to the gallery yet, newest first, at most 20: what the studio picks up again after the member ' +
      'left the page.',
    responses: { 200: json(generationJobsResponseSchema, 'The jobs') },
  }),
  output: apiRoute({
    method: 'get',
    path: '/api/ai/jobs/{jobId}/outputs/{n}',
    operationId: 'getGenerationOutput',
    tags: ['Generation'],
    summary: 'An output that came inline, as the server stored it (`Range` honoured)',
    description:
      "An output the server stored (an inline image), to the job's member only; anything else **404** " +
      "(another member's or an unknown job, an output that is a provider link, `n` out of range or not a " +
      'number). Its checked `Content-Type`, `Content-Disposition: inline`, `X-Content-Type-Options: ' +
      'nosniff`, a `Content-Security-Policy` ending in `sandbox`, `Cache-Control: private, max-age=86400`; ' +
      'ranges as `GET /api/media/{id}/file`. Kept 7 days after the job finished.',
    request: { params: z.object({ jobId: jobIdParam, n: outputIndexParam }) },
    responses: {
      200: { description: 'The whole file', content: outputFileContent },
      206: {
        description: 'The byte range `Range` asked for (`Content-Range` says which)',
        content: outputFileContent,
      },
      416: json(apiErrorBodySchema, 'The range starts past the end of the file (`bad_request`)'),
    },
  }),
};

/** Starting a generation counts against the member's share of `aiLimiter` (shared with chat and research); polling does not. */
export function createGenerationRoutes(deps: {
  requireMember: RequireMember;
  aiLimiter: RateLimiter;
  generation: GenerationService;
  store: MediaStore;
}) {
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const { generation } = deps;

  return createApiRouter(deps.requireMember)
    .openapi({ ...generationRoutes.aiImage, middleware: limitAi }, async (c) =>
      c.json(await generation.start(memberIdOf(c), { kind: 'ai-image', ...c.req.valid('json') }), 200),
    )
    .openapi(generationRoutes.imageStatus, async (c) =>
      c.json(await generation.status(memberIdOf(c), c.req.valid('query').jobId), 200),
    )
    .openapi(generationRoutes.straicoStatus, async (c) =>
      c.json(await generation.status(memberIdOf(c), c.req.valid('param').jobId), 200),
    )
    .openapi({ ...generationRoutes.straicoVideo, middleware: limitAi }, async (c) => {
      const { provider: _straico, ...request } = c.req.valid('json');
      return c.json(await generation.start(memberIdOf(c), { kind: 'straico-video', ...request }), 200);
    })
    .openapi({ ...generationRoutes.straicoAudio, middleware: limitAi }, async (c) => {
      const { provider: _straico, ...request } = c.req.valid('json');
      return c.json(await generation.start(memberIdOf(c), { kind: 'straico-audio', ...request }), 200);
    })
    .openapi(generationRoutes.falModels, (c) => c.json(falModels, 200))
    .openapi({ ...generationRoutes.falImage, middleware: limitAi }, async (c) =>
      c.json(await generation.start(memberIdOf(c), { kind: 'fal-image', ...c.req.valid('json') }), 200),
    )
    .openapi({ ...generationRoutes.falVideo, middleware: limitAi }, async (c) =>
      c.json(await generation.start(memberIdOf(c), { kind: 'fal-video', ...c.req.valid('json') }), 200),
    )
    .openapi(generationRoutes.jobs, async (c) => c.json(await generation.list(memberIdOf(c)), 200))
    .openapi(generationRoutes.output, async (c) => {
      const { jobId, n } = c.req.valid('param');
      const file = await generation.output(memberIdOf(c), jobId, n);
      return serveStoredFile(c.req.raw, deps.store, file, 'inline');
    });
}
