import { z } from 'zod';
import { aiProviderIdSchema, modelIdSchema } from './ai.ts';
import { MEDIA_LIMITS, mediaTypeSchema } from './media.ts';
import { reason } from './texts.ts';

/**
 * Media generation: images, video and speech through fal.ai, Straico or OpenRouter, as jobs the studio polls
 * (`GET /api/ai/image/status`).
 *
 * Every generation answers `ready`, `pending` with Lumara's `jobId`, or `failed` with an `error`, whatever the
 * provider does underneath (decision 0014). A job belongs to the member who started it.
 */

export const generationStatuses = ['ready', 'pending', 'failed'] as const;
export const generationStatusSchema = z.enum(generationStatuses);

/** Fal.ai's image sizes (default landscape_4_3) and video aspect ratios (default 16:9). */
export const falImageSizes = [
  'square_hd',
  'square',
  'portrait_4_3',
  'portrait_16_9',
  'landscape_4_3',
  'landscape_16_9',
] as const;
export const falImageSizeSchema = z.enum(falImageSizes);
export type FalImageSize = z.infer<typeof falImageSizeSchema>;

export const aspectRatios = ['16:9', '9:16', '1:1', '4:3', '3:4'] as const;
export const aspectRatioSchema = z.enum(aspectRatios);
export type AspectRatio = z.infer<typeof aspectRatioSchema>;

/**
 * Sizes `POST /api/ai/image` accepts: Straico's default square, the wallpaper's 1792x1024 and its
 * portrait twin. Each provider maps them onto what it offers (fal's enum, Straico's
 * square/landscape/portrait, OpenRouter's aspect ratio).
 */
export const imageSizes = ['1024x1024', '1792x1024', '1024x1792'] as const;
export const imageSizeSchema = z.enum(imageSizes);
export type ImageSize = z.infer<typeof imageSizeSchema>;

/** The numbers the fal form starts with. */
export const FAL_DEFAULTS = {
  imageSize: 'landscape_4_3',
  numImages: 1,
  steps: 4,
  videoSeconds: 5,
  aspectRatio: '16:9',
} as const satisfies {
  imageSize: FalImageSize;
  numImages: number;
  steps: number;
  videoSeconds: number;
  aspectRatio: AspectRatio;
};

export const STRAICO_DEFAULTS = {
  imageSize: '1024x1024',
  videoSeconds: 4,
  aspectRatio: '16:9',
} as const satisfies { imageSize: ImageSize; videoSeconds: number; aspectRatio: AspectRatio };

/** Client polling of a pending generation: every 5 s, at most 60 attempts. */
export const GENERATION_POLLING = { intervalMs: 5_000, maxAttempts: 60 } as const;

const promptSchema = z
  .string()
  .trim()
  .min(1, reason('shared.generation.writePrompt'))
  .max(MEDIA_LIMITS.promptMax, reason('shared.limits.atMostCharacters', { max: MEDIA_LIMITS.promptMax }));

const httpUrlSchema = z
  .string()
  .trim()
  .max(MEDIA_LIMITS.urlMax, reason('shared.limits.atMostCharacters', { max: MEDIA_LIMITS.urlMax }))
  .pipe(z.url({ protocol: /^https?$/, ...reason('shared.generation.httpLink') }));

/** A whole number in a range; `field` names it in the reasons (the catalogues' `select` words it). */
const intInRange = (range: { min: number; max: number }, field: 'duration' | 'steps' | 'images') =>
  z
    .number(reason('shared.generation.notNumber', { field }))
    .int(reason('shared.generation.notWhole', { field }))
    .min(range.min, reason('shared.generation.atLeast', { field, min: range.min }))
    .max(range.max, reason('shared.generation.atMost', { field, max: range.max }));

/** `POST /api/ai/image`: any provider that makes images. */
export const aiImageRequestSchema = z.object({
  provider: aiProviderIdSchema,
  model: modelIdSchema,
  prompt: promptSchema,
  size: imageSizeSchema.default(STRAICO_DEFAULTS.imageSize),
});
export type AiImageRequest = z.infer<typeof aiImageRequestSchema>;

/** `POST /api/straico/video`: an optional still to start from. */
export const straicoVideoRequestSchema = z.object({
  provider: z.literal('straico').optional(),
  model: modelIdSchema,
  prompt: promptSchema,
  duration: intInRange(MEDIA_LIMITS.straicoVideoSeconds, 'duration').default(STRAICO_DEFAULTS.videoSeconds),
  aspect_ratio: aspectRatioSchema.default(STRAICO_DEFAULTS.aspectRatio),
  image_url: httpUrlSchema.optional(),
});
export type StraicoVideoRequest = z.infer<typeof straicoVideoRequestSchema>;

/** `POST /api/straico/audio`: text to speech. */
export const straicoAudioRequestSchema = z.object({
  provider: z.literal('straico').optional(),
  model: modelIdSchema,
  prompt: promptSchema,
});
export type StraicoAudioRequest = z.infer<typeof straicoAudioRequestSchema>;

/** `POST /api/fal/image`: 1–4 images, 1–50 steps. */
export const falImageRequestSchema = z.object({
  prompt: promptSchema,
  model: modelIdSchema,
  image_size: falImageSizeSchema.default(FAL_DEFAULTS.imageSize),
  num_inference_steps: intInRange(MEDIA_LIMITS.falSteps, 'steps').default(FAL_DEFAULTS.steps),
  num_images: intInRange(MEDIA_LIMITS.falImages, 'images').default(FAL_DEFAULTS.numImages),
});
export type FalImageRequest = z.infer<typeof falImageRequestSchema>;

/** `POST /api/fal/video`: 3–10 s. */
export const falVideoRequestSchema = z.object({
  prompt: promptSchema,
  model: modelIdSchema,
  duration: intInRange(MEDIA_LIMITS.falVideoSeconds, 'duration').default(FAL_DEFAULTS.videoSeconds),
  aspect_ratio: aspectRatioSchema.default(FAL_DEFAULTS.aspectRatio),
});
export type FalVideoRequest = z.infer<typeof falVideoRequestSchema>;

/** Lumara's job ids are UUIDs; anything else names no job (404). */
export const jobIdSchema = z.uuid();

/** `GET /api/ai/image/status?provider=&jobId=`; the provider is informative, the job knows its own. */
export const imageStatusQuerySchema = z.object({
  provider: aiProviderIdSchema.optional(),
  jobId: z.string().max(100),
});

/**
 * What every generation route and both status routes answer. `url` is the first output, `urls` all of them;
 * `data`, `images`, `video` and `audio` repeat them in the shapes older callers read (`data[0].url`,
 * `images[].url`, `video.url`). An output URL is the provider's (http(s), it expires: save it with
 * `POST /api/media`) or Lumara's own `/api/ai/jobs/{jobId}/outputs/{n}` for output that came inline.
 */
export const generationAnswerSchema = z
  .object({
    status: generationStatusSchema,
    jobId: z.string(),
    provider: aiProviderIdSchema,
    model: z.string(),
    media_type: mediaTypeSchema,
    prompt: z.string(),
    url: z.string().optional(),
    urls: z.array(z.string()),
    data: z.array(z.object({ url: z.string() })),
    images: z.array(z.object({ url: z.string() })).optional(),
    video: z.object({ url: z.string() }).optional(),
    audio: z.object({ url: z.string() }).optional(),
    error: z.string().optional(),
    /** Every output is already in the member's gallery (saved with `POST /api/media`). */
    saved: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'GenerationAnswer' });
export type GenerationAnswer = z.infer<typeof generationAnswerSchema>;

/**
 * `GET /api/ai/jobs`: the member's generations still pending, and those finished in the last day whose outputs
 * are not saved yet, newest first: what the studio picks up again after the member left the page.
 */
export const generationJobsResponseSchema = z.object({ jobs: z.array(generationAnswerSchema) });
export type GenerationJobsResponse = z.infer<typeof generationJobsResponseSchema>;

/** `GET /api/fal/models`. */
export const falModelSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type FalModel = z.infer<typeof falModelSchema>;
export const falModelsResponseSchema = z.object({
  image: z.array(falModelSchema),
  video: z.array(falModelSchema),
});
export type FalModelsResponse = z.infer<typeof falModelsResponseSchema>;
