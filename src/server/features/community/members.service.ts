import { and, count, desc, eq, gte, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
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
  // `union` (not `union all`) de-duplicates: a member who did all three counts once.
  const active = db
    .select({ id: communityPosts.authorId })
    .from(communityPosts)
    .where(gte(communityPosts.createdAt, since))
    .union(
      db.select({ id: postComments.authorId }).from(postComments).where(gte(postComments.createdAt, since)),
    )
    .union(db.select({ id: postLikes.userId }).from(postLikes).where(gte(postLikes.createdAt, since)))
    .as('active');
  const systemRows = db.select({ id: users.id }).from(users).where(ne(users.kind, 'member'));
  const [activeMembers] = await db
    .select({ n: count() })
    .from(active)
    .where(notInArray(active.id, systemRows));
  return {
    totalPosts: totals?.totalPosts ?? 0,
    totalLikes: totals?.totalLikes ?? 0,
    activeMembers: activeMembers?.n ?? 0,
  };
}
