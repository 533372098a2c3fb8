import { useMutation } from '@tanstack/react-query';
import {
  type AiImageRequest,
  type FalImageRequest,
  type FalVideoRequest,
  type GenerationAnswer,
  generationAnswerSchema,
  type StraicoAudioRequest,
  type StraicoVideoRequest,
} from '#shared/media.ts';
import { apiRequest } from '#web/app/api-client.ts';

/** A generation to start, by the route that starts it (part 1 §7, part 2 §7). */
export type GenerationStart =
  | { kind: 'ai-image'; body: AiImageRequest }
  | { kind: 'fal-image'; body: FalImageRequest }
  | { kind: 'fal-video'; body: FalVideoRequest }
  | { kind: 'straico-video'; body: StraicoVideoRequest }
  | { kind: 'straico-audio'; body: StraicoAudioRequest };

export type GenerationKind = GenerationStart['kind'];

const startPaths: Record<GenerationKind, string> = {
  'ai-image': '/api/ai/image',
  'fal-image': '/api/fal/image',
  'fal-video': '/api/fal/video',
  'straico-video': '/api/straico/video',
  'straico-audio': '/api/straico/audio',
};

/** Starts a generation: the answer is ready, failed, or pending with a job id to poll. */
export function startGeneration(start: GenerationStart): Promise<GenerationAnswer> {
  return apiRequest(startPaths[start.kind], {
    method: 'POST',
    body: start.body,
    schema: generationAnswerSchema,
  });
}

export function useStartGeneration() {
  return useMutation({ mutationFn: startGeneration });
}
