import { useMutation } from '@tanstack/react-query';
import type { AiChatMessage } from '#shared/ai.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/**
 * `POST /api/ai/chat {messages}`: the reply's text (read from `choices[0].message.content`, else
 * `text`). Provider and model are left to the server: the member's saved choice, or its default.
 */
export async function generateBio(messages: AiChatMessage[]): Promise<string> {
  const answer = await answerOf(api.ai.chat.$post({ json: { messages } }));
  return (answer.choices[0]?.message.content ?? answer.text).trim();
}

export function useGenerateBio() {
  return useMutation({ mutationFn: generateBio });
}
