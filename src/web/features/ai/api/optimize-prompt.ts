import { useMutation } from '@tanstack/react-query';
import type { AiProviderId, OptimizePromptResponse } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

export type OptimizePromptInput = { prompt: string; provider: AiProviderId; model: string };

/** `POST /api/ai/optimize-prompt {prompt, provider, model}`: answers a clearer, more specific prompt. */
export function optimizePrompt(input: OptimizePromptInput): Promise<OptimizePromptResponse> {
  return answerOf(api.ai['optimize-prompt'].$post({ json: input }));
}

export function useOptimizePrompt() {
  return useMutation({ mutationFn: optimizePrompt });
}
