import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { communityPosts, postComments, profiles, users } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { CommunityComment } from '#shared/community.ts';
import { notify } from '../notifications/notification-schedule.ts';
import { authorColumns } from './community-authors.ts';
import { earnCommunityBadge } from './community-badges.ts';
import { type Tx, visiblePost } from './posts.service.ts';

/**
 * How many comments one post's list answers, oldest first. A simple cap rather than a cursor: a conversation
 * under one post longer than this is not one the page can show usefully, and the contract's answer is a plain
 * array. Raise it, or add `?after=`, if a real community outgrows it.
 */
export const COMMENT_LIST_CAP = 500;

function selectComments(db: Db | Tx) {
  return db
    .select({ comment: postComments, ...authorColumns() })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id));
}

type CommentRow = {
  comment: typeof postComments.$inferSelect;
  authorName: string;
  authorAvatar: string | null;
};

/** The comment as the API shows it (plus its post, author id and helpful mark). */
export function presentComment(row: CommentRow): CommunityComment {
  const { comment } = row;
  return {
    id: comment.id,
    post_id: comment.postId,
    author_id: comment.authorId,
    author_name: row.authorName,
    author_avatar: row.authorAvatar,
    body: comment.body,
    created_at: comment.createdAt.toISOString(),
    helpful: comment.helpfulAt !== null,
  };
}

async function assertVisiblePost(db: Db, postId: number): Promise<void> {
  const [post] = await db.select({ id: communityPosts.id }).from(communityPosts).where(visiblePost(postId));
  if (!post) throw notFound('post');
}

/** A visible post's comments, oldest first, at most `COMMENT_LIST_CAP` (over the (post_id, id) index). */
export async function listComments(db: Db, postId: number): Promise<CommunityComment[]> {
  await assertVisiblePost(db, postId);
  const rows = await selectComments(db)
    .where(eq(postComments.postId, postId))
    .orderBy(asc(postComments.id))
    .limit(COMMENT_LIST_CAP);
  return rows.map(presentComment);
}

/** Whether a post's author is a member (not the "Deleted member" who keeps posts left behind), to be told of it. */
async function isMember(tx: Tx, userId: number): Promise<boolean> {
  const [author] = await tx.select({ kind: users.kind }).from(users).where(eq(users.id, userId));
  return author?.kind === 'member';
}

/**
 * Adds a comment and bumps the post's `comments_count` in one transaction. The count is bumped first: that
 * update takes the post's row lock (so concurrent comments count exactly) and finds no row for an unknown or
 * hidden post, which answers 404 before anything is written.
 */
export async function createComment(
  db: Db,
  events: EventBus,
  memberId: number,
  postId: number,
  body: string,
  now: Date,
): Promise<CommunityComment> {
  const { comment, commentsCount } = await db.transaction(async (tx) => {
    const [post] = await tx
      .update(communityPosts)
      .set({ commentsCount: sql`${communityPosts.commentsCount} + 1` })
      .where(visiblePost(postId))
      .returning({ commentsCount: communityPosts.commentsCount, authorId: communityPosts.authorId });
    if (!post) throw notFound('post');
    const [inserted] = await tx
      .insert(postComments)
      .values({ postId, authorId: memberId, body, createdAt: now })
      .returning({ id: postComments.id });
    if (!inserted) throw new Error('insert into post_comments returned no row');
    // Someone else's comment tells the post's author (centre and push), committed with the comment itself.
    if (post.authorId !== memberId && (await isMember(tx, post.authorId)))
      await notify(tx, post.authorId, {
        type: 'community.comment',
        dedupeKey: `community.comment:${inserted.id}`,
        data: { post_id: postId, comment_id: inserted.id },
      });
    const [row] = await selectComments(tx).where(eq(postComments.id, inserted.id));
    if (!row) throw new Error('the comment just written was not found');
    return { comment: presentComment(row), commentsCount: post.commentsCount };
  });
  events.publish({
    audience: { kind: 'all' },
    event: { type: 'comment.created', data: { postId, commentId: comment.id, commentsCount } },
  });
  return comment;
}

/**
 * The post's author marks a comment helpful, or takes the mark back. Glow Mentor goes to the commenter the first
 * time someone else marks one of their comments: marking your own comment is allowed (it is your post) but earns
 * nothing, or any author could award themselves the badge. Re-marking keeps the first time it was marked.
 */
export async function markCommentHelpful(
  db: Db,
  events: EventBus,
  memberId: number,
  commentId: number,
  helpful: boolean,
  now: Date,
): Promise<CommunityComment> {
  const comment = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        authorId: postComments.authorId,
        helpfulAt: postComments.helpfulAt,
        postAuthorId: communityPosts.authorId,
      })
      .from(postComments)
      .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
      .where(and(eq(postComments.id, commentId), isNull(communityPosts.hiddenAt)))
      .for('update', { of: postComments });
    if (!found) throw notFound('comment');
    if (found.postAuthorId !== memberId) {
      throw new AppError('forbidden', say('server.community.onlyAuthorMarksHelpful'));
    }
    await tx
      .update(postComments)
      .set({ helpfulAt: helpful ? (found.helpfulAt ?? now) : null })
      .where(eq(postComments.id, commentId));
    const [row] = await selectComments(tx).where(eq(postComments.id, commentId));
    if (!row) throw notFound('comment');
    return presentComment(row);
  });
  if (helpful && comment.author_id !== memberId) {
    await earnCommunityBadge(db, events, comment.author_id, 'glow_mentor', now);
  }
  return comment;
}
