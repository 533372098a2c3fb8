import { and, count, desc, eq, exists, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { communityPosts, postComments, postLikes, profiles, users } from '#server/db/schema.ts';
import { ACTIVE_MEMBER_DAYS, type CommunityMember, type CommunityStats } from '#shared/community.ts';
import { memberDisplayName } from './community-authors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Members, newest first (Recent Members shows the first 5), as a keyset on `users.id`. */
export async function listMembers(
  db: Db,
  page: { cursor?: number | undefined; limit: number },
): Promise<{ members: CommunityMember[]; nextCursor: number | null }> {
  const rows = await db
    .select({ id: users.id, displayName: memberDisplayName(), createdAt: users.createdAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    // "Deleted member" (the author of posts kept after an account was deleted) is nobody to list.
    .where(and(eq(users.kind, 'member'), page.cursor !== undefined ? lt(users.id, page.cursor) : undefined))
    .orderBy(desc(users.id))
    .limit(page.limit + 1);
  const members = rows.slice(0, page.limit).map((row) => ({
    id: row.id,
    display_name: row.displayName,
    created_at: row.createdAt.toISOString(),
  }));
  return { members, nextCursor: rows.length > page.limit ? (members.at(-1)?.id ?? null) : null };
}

/**
 * The sidebar's numbers: visible posts, the likes on them, and the members who posted, commented or
 * liked in the last `ACTIVE_MEMBER_DAYS` days before `now` (the injected clock, so tests can move it).
 * `canModerate` is the caller's to add: it depends on configuration, not on the data.
 */
export async function getCommunityStats(db: Db, now: Date): Promise<Omit<CommunityStats, 'canModerate'>> {
  const since = new Date(now.getTime() - ACTIVE_MEMBER_DAYS * DAY_MS);
  const [totals] = await db
    .select({
      totalPosts: count(),
      totalLikes: sql<number>`coalesce(sum(${communityPosts.likesCount}), 0)::int`,
    })
    .from(communityPosts)
    .where(isNull(communityPosts.hiddenAt));
  // Each member once, asked "posted, commented or liked since?": one probe of a (member, created_at) index per
  // kind, so the count costs as many probes as there are members, however much activity the window holds.
  // "Deleted member" and other system rows are not members.
  const [activeMembers] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.kind, 'member'),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(communityPosts)
              .where(and(eq(communityPosts.authorId, users.id), gte(communityPosts.createdAt, since))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(postComments)
              .where(and(eq(postComments.authorId, users.id), gte(postComments.createdAt, since))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(postLikes)
              .where(and(eq(postLikes.userId, users.id), gte(postLikes.createdAt, since))),
          ),
        ),
      ),
    );
  return {
    totalPosts: totals?.totalPosts ?? 0,
    totalLikes: totals?.totalLikes ?? 0,
    activeMembers: activeMembers?.n ?? 0,
  };
}
