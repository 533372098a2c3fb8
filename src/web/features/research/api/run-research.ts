import { useMutation } from '@tanstack/react-query';
import type { ResearchResponse } from '#shared/research.ts';
import { ApiError, answerOf, api } from '#web/lib/api-client.ts';
import { translate } from '#web/lib/i18n/use-t.ts';

/** `POST /api/research {query}`: recent works on the topic with Harvard references, and a short synthesis. */
export function runResearch(query: string): Promise<ResearchResponse> {
  return answerOf(api.research.$post({ json: { query } }));
}

/**
 * What the message input receives when research fails: '❌ Research failed: ' and the server's
 * reason, 'Research search failed' when the answer carried none, 'Unknown error' when there is no text at all
 * (in the interface's language; the server's reason as it sent it).
 */
export function researchFailureText(error: unknown): string {
  let message = '';
  if (error instanceof ApiError)
    message = error.code === 'unknown' ? translate('research.failure.searchFailed') : error.message;
  else if (error instanceof Error) message = error.message;
  return translate('research.failure.text', {
    reason: message.trim() || translate('research.failure.unknownError'),
  });
}

export function useRunResearch() {
  return useMutation({ mutationFn: runResearch });
}
