import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '#shared/search.ts';
import { answerOf, api } from '#web/lib/api-client.ts';

/** `GET /api/search?q=`: the member's own tasks, chats and posts whose title holds the words. */
export function searchOwnTitles(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return answerOf(api.search.$get({ query: { q } }, { init: { signal } }));
}

/**
 * What the command palette finds for the words typed so far: nothing asked for blank words, and the last answer
 * kept on screen while the next one comes (no flicker between keystrokes).
 */
export function useSearchOwnTitles(words: string) {
  const q = words.trim();
  return useQuery({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) => searchOwnTitles(q, signal),
    enabled: q !== '',
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}
