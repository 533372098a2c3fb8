import { useMutation } from '@tanstack/react-query';
import { type AiChatMessage, aiChatResponseSchema } from '#shared/ai.ts';
import { apiRequest } from '#web/app/api-client.ts';

/**
 * `POST /api/ai/chat {messages}` (part 1 §7): the reply's text (read from `choices[0].message.content`, else
 * `text`). Provider and model are left to the server: the member's saved choice, or its default.
 */
export async function generateBio(messages: AiChatMessage[]): Promise<string> {
  const answer = await apiRequest('/api/ai/chat', {
    method: 'POST',
    body: { messages },
    schema: aiChatResponseSchema,
  });
  return (answer.choices[0]?.message.content ?? answer.text).trim();
}

export function useGenerateBio() {
  return useMutation({ mutationFn: generateBio });
}
