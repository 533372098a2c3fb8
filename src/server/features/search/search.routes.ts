import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { searchQuerySchema, searchResultListSchema } from '#shared/search.ts';
import { searchOwnTitles } from './search.service.ts';

/** Ours: what the command palette finds among the member's own things. */
export const searchRoutes = {
  search: apiRoute({
    method: 'get',
    path: '/api/search',
    operationId: 'searchContent',
    scopes: ['tasks:read'],
    tags: ['Search'],
    summary: "Find the member's own tasks, chats and posts by title",
    description:
      'Up to 5 of each kind whose title holds `q` (any case; `%` and `_` are plain text): tasks that are not ' +
      'deleted in board order, chat threads that are not archived and community posts that are not hidden, ' +
      'newest first. Only the member’s own. An empty `q` **400**.',
    request: { query: queryOf(searchQuerySchema) },
    responses: { 200: json(searchResultListSchema, 'Tasks, then chats, then posts') },
  }),
};

export function createSearchRoutes(deps: { db: Db; requireMember: RequireMember }) {
  return createApiRouter(deps.requireMember).openapi(searchRoutes.search, async (c) =>
    c.json(await searchOwnTitles(deps.db, memberIdOf(c), c.req.valid('query').q), 200),
  );
}
