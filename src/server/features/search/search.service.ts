import { and, asc, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { chatThreads, communityPosts, tasks } from '#server/db/schema.ts';
import { containsPattern } from '#server/lib/data/like-pattern.ts';
import { SEARCH_RESULTS_PER_KIND, type SearchResult } from '#shared/search.ts';

/**
 * `GET /api/search?q=` (the command palette): the member's own tasks (not deleted), chat threads (not
 * archived) and community posts (not hidden) whose title holds the words, a few of each, in one round trip.
 * Tasks in board order, chats and posts newest first.
 */
export async function searchOwnTitles(db: Db, userId: number, words: string): Promise<SearchResult[]> {
  const pattern = containsPattern(words);
  const found = (kind: SearchResult['kind']) => sql<SearchResult['kind']>`${kind}`.as('kind');
  const taskMatches = db
    .select({ kind: found('task'), id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNull(tasks.deletedAt), ilike(tasks.title, pattern)))
    .orderBy(asc(tasks.position), desc(tasks.id))
    .limit(SEARCH_RESULTS_PER_KIND);
  const chatMatches = db
    .select({ kind: found('chat'), id: chatThreads.id, title: chatThreads.title })
    .from(chatThreads)
    .where(
      and(eq(chatThreads.userId, userId), isNull(chatThreads.archivedAt), ilike(chatThreads.title, pattern)),
    )
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(SEARCH_RESULTS_PER_KIND);
  const postMatches = db
    .select({ kind: found('post'), id: communityPosts.id, title: communityPosts.title })
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.authorId, userId),
        isNull(communityPosts.hiddenAt),
        ilike(communityPosts.title, pattern),
      ),
    )
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(SEARCH_RESULTS_PER_KIND);
  const result = await db.execute<SearchResult>(sql`
    (${taskMatches}) UNION ALL (${chatMatches}) UNION ALL (${postMatches})`);
  return result.rows.map(({ kind, id, title }) => ({ kind, id, title }));
}
