import { useMutation } from '@tanstack/react-query';
import {
  type CommunityAiResponse,
  type CommunityGenerateRequest,
  communityAiResponseSchema,
} from '#shared/community.ts';
import { apiRequest } from '#web/app/api-client.ts';

/**
 * `POST /api/community/ai/generate {mode, …}` (the path the spec hides, architecture.md): `post` writes a post
 * from a topic and a vibe, `improve` polishes the body, `translate` puts it in Spanish or English.
 */
export function generateText(input: CommunityGenerateRequest): Promise<CommunityAiResponse> {
  return apiRequest('/api/community/ai/generate', {
    method: 'POST',
    body: input,
    schema: communityAiResponseSchema,
  });
}

export function useGenerateText() {
  return useMutation({ mutationFn: generateText });
}
