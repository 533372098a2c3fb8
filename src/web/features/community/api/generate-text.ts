import { useMutation } from '@tanstack/react-query';
import type { CommunityAiResponse, CommunityGenerateRequest } from '#shared/community.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/**
 * `POST /api/community/ai/generate {mode, …}` (the community's writing helpers): `post` writes a post
 * from a topic and a vibe, `improve` polishes the body, `translate` puts it in Spanish or English.
 */
export function generateText(input: CommunityGenerateRequest): Promise<CommunityAiResponse> {
  return answerOf(api.community.ai.generate.$post({ json: input }));
}

export function useGenerateText() {
  return useMutation({ mutationFn: generateText });
}
