import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { badges, communityPosts, postLikes } from '#server/db/schema.ts';
import { notFound } from '#server/lib/http/errors.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import { BADGE_RULES } from '#shared/badges.ts';
import type { LikeResponse } from '#shared/community.ts';
import { earnCommunityBadge } from './community-badges.ts';
import { visiblePost } from './posts.service.ts';

/**
 * Toggles the viewer's like and answers the new count.
 *
 * One transaction that first locks the post's row: every toggle of one post, by any member, runs one after the
 * other, so `likes_count` always equals the number of `post_likes` rows, and a double click toggles twice
 * instead of racing (the primary key (post_id, user_id) is the rule behind it: one like per member and post,
 * which `on conflict do nothing` respects). Only `tx` is used inside: the embedded database keeps an open
 * transaction's connection to itself, so a query on another pooled connection would wait forever.
 */
export async function togglePostLike(
  db: Db,
  events: EventBus,
  memberId: number,
  postId: number,
  now: Date,
): Promise<LikeResponse> {
  const result = await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: communityPosts.authorId })
      .from(communityPosts)
      .where(visiblePost(postId))
      .for('update');
    if (!post) throw notFound('post');

    const mine = and(eq(postLikes.postId, postId), eq(postLikes.userId, memberId));
    const unliked = await tx.delete(postLikes).where(mine).returning({ userId: postLikes.userId });
    let delta = -unliked.length;
    if (unliked.length === 0) {
      const liked = await tx
        .insert(postLikes)
        .values({ postId, userId: memberId, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: postLikes.userId });
      delta = liked.length;
    }
    const [updated] = await tx
      .update(communityPosts)
      .set({ likesCount: sql`${communityPosts.likesCount} + ${delta}` })
      .where(eq(communityPosts.id, postId))
      .returning({ likes: communityPosts.likesCount });
    return { likes: updated?.likes ?? 0, liked: unliked.length === 0, authorId: post.authorId };
  });

  events.publish({
    audience: { kind: 'all' },
    event: { type: 'post.liked', data: { postId, likes: result.likes } },
  });
  if (result.liked) await awardCommunityStarIfEarned(db, events, result.authorId, now);
  return { likes: result.likes, liked: result.liked };
}

/**
 * Community Star: the author's posts have received `BADGE_RULES.likesReceived` likes in all (the sum of their
 * posts' counts, over the author index). Skipped at once for an author who already holds it, so a popular
 * author's likes do not each re-add their posts.
 */
export async function awardCommunityStarIfEarned(db: Db, events: EventBus, authorId: number, now: Date) {
  const [held] = await db
    .select({ id: badges.id })
    .from(badges)
    .where(and(eq(badges.userId, authorId), eq(badges.badgeType, 'community_star')))
    .limit(1);
  if (held) return;
  const [received] = await db
    .select({ total: sql<number>`coalesce(sum(${communityPosts.likesCount}), 0)::int` })
    .from(communityPosts)
    .where(eq(communityPosts.authorId, authorId));
  if ((received?.total ?? 0) >= BADGE_RULES.likesReceived) {
    await earnCommunityBadge(db, events, authorId, 'community_star', now);
  }
}
