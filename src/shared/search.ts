import { z } from 'zod';
import { rowIdSchema } from './row-id.ts';
import { reason } from './texts.ts';

/** How many of each kind one search answers: a command palette shows a few of each, not a list to page through. */
export const SEARCH_RESULTS_PER_KIND = 5;

/** `GET /api/search?q=`: words to find in the titles of the member's own tasks, chats and posts. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, reason('shared.search.typeSomething')).max(100),
});

export const searchResultKindSchema = z.enum(['task', 'chat', 'post']);

export const searchResultSchema = z
  .object({ kind: searchResultKindSchema, id: rowIdSchema, title: z.string() })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultListSchema = z.array(searchResultSchema);
