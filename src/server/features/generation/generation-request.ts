import { z } from 'zod';
import {
  aiImageRequestSchema,
  falImageRequestSchema,
  falVideoRequestSchema,
  straicoAudioRequestSchema,
  straicoVideoRequestSchema,
} from '#shared/generation.ts';
import type { MediaType } from '#shared/media.ts';

/**
 * What a generation job is asked to make: one variant per route, built from the routes' own schemas so a job's
 * stored `input` is exactly what was validated. The profile's avatar and wallpaper start `ai-image` jobs.
 */
export const generationRequestSchema = z.discriminatedUnion('kind', [
  aiImageRequestSchema.extend({ kind: z.literal('ai-image') }),
  straicoVideoRequestSchema.omit({ provider: true }).extend({ kind: z.literal('straico-video') }),
  straicoAudioRequestSchema.omit({ provider: true }).extend({ kind: z.literal('straico-audio') }),
  falImageRequestSchema.extend({ kind: z.literal('fal-image') }),
  falVideoRequestSchema.extend({ kind: z.literal('fal-video') }),
]);
export type GenerationRequest = z.output<typeof generationRequestSchema>;

/** The provider that does the work: the member's choice for `ai-image`, else the route's own. */
export function providerOf(request: GenerationRequest) {
  switch (request.kind) {
    case 'ai-image':
      return request.provider;
    case 'straico-video':
    case 'straico-audio':
      return 'straico' as const;
    case 'fal-image':
    case 'fal-video':
      return 'fal' as const;
  }
}

export function mediaTypeOf(request: GenerationRequest): MediaType {
  switch (request.kind) {
    case 'ai-image':
    case 'fal-image':
      return 'image';
    case 'straico-video':
    case 'fal-video':
      return 'video';
    case 'straico-audio':
      return 'audio';
  }
}
