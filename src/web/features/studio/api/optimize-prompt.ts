import { useMutation } from '@tanstack/react-query';
import type { AiProviderId } from '#shared/ai.ts';
import { type OptimizePromptResponse, optimizePromptResponseSchema } from '#shared/ai.ts';
import { apiRequest } from '#web/app/api-client.ts';

export type OptimizePromptInput = { prompt: string; provider: AiProviderId; model: string };

/** `POST /api/ai/optimize-prompt {prompt, provider, model}`: answers a clearer, more specific prompt. */
export function optimizePrompt(input: OptimizePromptInput): Promise<OptimizePromptResponse> {
  return apiRequest('/api/ai/optimize-prompt', {
    method: 'POST',
    body: input,
    schema: optimizePromptResponseSchema,
  });
}

export function useOptimizePrompt() {
  return useMutation({ mutationFn: optimizePrompt });
}
