import { z } from 'zod';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import type { FalJob } from '#server/providers/fal-queue.ts';
import type { OpenRouterImageAspectRatio } from '#server/providers/openrouter-image.ts';
import { providerFailed } from '#server/providers/provider-errors.ts';
import type { StraicoShape } from '#server/providers/straico-media.ts';
import type { AspectRatio, ImageSize } from '#shared/generation.ts';
import { falImageInput, falImageInputForSize, falVideoInput } from './fal-inputs.ts';
import type { GenerationRequest } from './generation-request.ts';

/**
 * One step of a job with its provider, whatever the provider does underneath. Straico and OpenRouter answer in
 * one long call. fal is a queue: the first step submits (and keeps fal's request URLs through `saveState` before
 * anything else), and each step polls the status once; a job not done yet is `poll-later`.
 */
export type StepOutcome =
  /** The provider's output URLs (http(s) links or inline `data:` URIs), at least one. */
  | { kind: 'ready'; urls: string[] }
  | { kind: 'poll-later' }
  /** The lease was lost while working: another instance owns the job now. */
  | { kind: 'lost' };

export type StepContext = {
  request: GenerationRequest;
  /** What fal answered at submit, from an earlier step (maybe on another instance); null before submit. */
  providerState: unknown;
  /** Aborts at the job's deadline and when this instance shuts down. */
  signal: AbortSignal;
  /** Time left before the deadline: a synchronous provider call may take all of it. */
  remainingMs: number;
  /** Keeps fal's request (conditional on the lease); false when the lease was lost. */
  saveState(state: FalJob): Promise<boolean>;
  /** The largest file a job may produce (`MEDIA_MAX_BYTES`). */
  maxBytes: number;
};

/** Past the job's own deadline, so the deadline, not the provider's timer, ends a call that runs out of time. */
const CALL_GRACE_MS = 1_000;

const falJobSchema = z.object({
  requestId: z.string().min(1),
  statusUrl: z.string().min(1),
  responseUrl: z.string().min(1),
  cancelUrl: z.string().min(1),
});
const falImagesSchema = z.object({ images: z.array(z.object({ url: z.string().min(1) })).min(1) });
const falVideoSchema = z.object({ video: z.object({ url: z.string().min(1) }) });

/** The fal request a job submitted, when it has one. */
export function falJobOf(providerState: unknown): FalJob | null {
  const parsed = falJobSchema.safeParse(providerState);
  return parsed.success ? parsed.data : null;
}

const straicoShapeOfSize: Record<ImageSize, StraicoShape> = {
  '1024x1024': 'square',
  '1792x1024': 'landscape',
  '1024x1792': 'portrait',
};
const straicoShapeOfRatio: Record<AspectRatio, StraicoShape> = {
  '16:9': 'landscape',
  '4:3': 'landscape',
  '1:1': 'square',
  '9:16': 'portrait',
  '3:4': 'portrait',
};
const openRouterRatioOfSize: Record<ImageSize, OpenRouterImageAspectRatio> = {
  '1024x1024': '1:1',
  '1792x1024': '16:9',
  '1024x1792': '9:16',
};

export function createProviderSteps(ai: AiProviders) {
  async function falStep(
    context: StepContext,
    model: string,
    input: Record<string, unknown>,
    media: 'image' | 'video',
  ): Promise<StepOutcome> {
    const queue = ai.falQueue();
    const call = { signal: context.signal };
    let job = falJobOf(context.providerState);
    if (!job) {
      job = await queue.submit(model, input, call);
      if (!(await context.saveState(job))) return { kind: 'lost' };
    }
    const status = await queue.status(job, call);
    if (status.state !== 'completed') return { kind: 'poll-later' };
    const result = await queue.result(job, call);
    if (media === 'video') {
      const video = falVideoSchema.safeParse(result);
      if (!video.success) throw providerFailed('fal', 'answered without a video');
      return { kind: 'ready', urls: [video.data.video.url] };
    }
    const images = falImagesSchema.safeParse(result);
    if (!images.success) throw providerFailed('fal', 'answered without an image');
    return { kind: 'ready', urls: images.data.images.map((image) => image.url) };
  }

  /** `POST /api/ai/image` on the provider the member chose. */
  async function aiImageStep(
    context: StepContext,
    request: Extract<GenerationRequest, { kind: 'ai-image' }>,
    call: { timeoutMs: number; signal: AbortSignal },
  ): Promise<StepOutcome> {
    switch (request.provider) {
      case 'straico': {
        const urls = await ai
          .straicoMedia()
          .image(
            { model: request.model, prompt: request.prompt, size: straicoShapeOfSize[request.size] },
            call,
          );
        return { kind: 'ready', urls };
      }
      case 'openrouter': {
        const urls = await ai.openRouterImages().generate(
          { model: request.model, prompt: request.prompt, aspectRatio: openRouterRatioOfSize[request.size] },
          // Base64 takes 4 characters for 3 bytes, plus the JSON around it.
          { ...call, maxResponseBytes: Math.ceil((context.maxBytes * 4) / 3) + 64 * 1024 },
        );
        return { kind: 'ready', urls };
      }
      case 'fal':
        return falStep(context, request.model, falImageInputForSize(request.prompt, request.size), 'image');
      case 'local':
        throw localCannotMakeImages();
    }
  }

  /** Runs the job's next step; provider failures throw (AppError with the provider's message). */
  async function run(context: StepContext): Promise<StepOutcome> {
    const { request, signal } = context;
    const call = { timeoutMs: context.remainingMs + CALL_GRACE_MS, signal };
    switch (request.kind) {
      case 'ai-image':
        return aiImageStep(context, request, call);
      case 'straico-video': {
        const urls = await ai.straicoMedia().video(
          {
            model: request.model,
            prompt: request.prompt,
            size: straicoShapeOfRatio[request.aspect_ratio],
            duration: request.duration,
            ...(request.image_url ? { imageUrl: request.image_url } : {}),
          },
          call,
        );
        return { kind: 'ready', urls };
      }
      case 'straico-audio': {
        const url = await ai.straicoMedia().speech({ model: request.model, text: request.prompt }, call);
        return { kind: 'ready', urls: [url] };
      }
      case 'fal-image':
        return falStep(context, request.model, falImageInput(request), 'image');
      case 'fal-video':
        return falStep(context, request.model, falVideoInput(request), 'video');
    }
  }

  return { run };
}

export function localCannotMakeImages(): AppError {
  return new AppError('bad_request', say('server.generation.localCannotImage'));
}
