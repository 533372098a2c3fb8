import { useMutation } from '@tanstack/react-query';
import type {
  AiImageRequest,
  FalImageRequest,
  FalVideoRequest,
  GenerationAnswer,
  StraicoAudioRequest,
  StraicoVideoRequest,
} from '#shared/generation.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** A generation to start, by the route that starts it. */
export type GenerationStart =
  | { kind: 'ai-image'; body: AiImageRequest }
  | { kind: 'fal-image'; body: FalImageRequest }
  | { kind: 'fal-video'; body: FalVideoRequest }
  | { kind: 'straico-video'; body: StraicoVideoRequest }
  | { kind: 'straico-audio'; body: StraicoAudioRequest };

/** Starts a generation: the answer is ready, failed, or pending with a job id to poll. */
export function startGeneration(start: GenerationStart): Promise<GenerationAnswer> {
  switch (start.kind) {
    case 'ai-image':
      return answerOf(api.ai.image.$post({ json: start.body }));
    case 'fal-image':
      return answerOf(api.fal.image.$post({ json: start.body }));
    case 'fal-video':
      return answerOf(api.fal.video.$post({ json: start.body }));
    case 'straico-video':
      return answerOf(api.straico.video.$post({ json: start.body }));
    case 'straico-audio':
      return answerOf(api.straico.audio.$post({ json: start.body }));
  }
}

export function useStartGeneration() {
  return useMutation({ mutationFn: startGeneration });
}
