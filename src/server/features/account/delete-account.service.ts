import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import {
  communityPosts,
  DELETED_MEMBER_EMAIL,
  generationJobs,
  postComments,
  postLikes,
  users,
} from '#server/db/schema.ts';
import { AppError, unauthenticated } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import {
  DELETED_MEMBER_NAME,
  type DeleteAccountRequest,
  type DeleteAccountResponse,
} from '#shared/account.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Deletes a member's account: every private row goes with the `users` row (each table's `user_id`
 * cascades), and with it their sessions, so every server refuses their cookie at its next request. What the
 * cascade cannot know is done first, in the same transaction:
 * - the likes they gave leave the counts of the posts they liked, and their comments on other members' posts
 *   leave those posts' comment counts (the counters are kept beside the rows, likes.service.ts);
 * - with `community: 'keep'`, their posts and comments move to the one "Deleted member" author instead.
 * Their files (gallery, avatars, wallpapers, generation outputs) are removed from the media store once the rows
 * are gone; a file that cannot be removed then is logged, never left reachable (no row points to it).
 */
export async function deleteAccount(
  deps: { db: Db; store: MediaStore; events: EventBus; logger: Logger },
  memberId: number,
  request: DeleteAccountRequest,
): Promise<DeleteAccountResponse> {
  const { db } = deps;
  const [member] = await db.select({ email: users.email }).from(users).where(eq(users.id, memberId));
  if (!member) throw unauthenticated();
  if (request.email.trim().toLowerCase() !== member.email.trim().toLowerCase()) {
    throw new AppError('validation_failed', say('server.account.notThisEmail'), {
      fields: { email: say('server.account.typeExactEmail') },
    });
  }

  const { jobIds, postsKept, postsDeleted } = await db.transaction(async (tx) => {
    const jobs = await tx
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(eq(generationJobs.userId, memberId));
    await takeLikesOutOfCounts(tx, memberId);
    let kept = 0;
    let deleted: number[] = [];
    if (request.community === 'keep') {
      const deletedMember = await deletedMemberId(tx);
      const moved = await tx
        .update(communityPosts)
        .set({ authorId: deletedMember })
        .where(eq(communityPosts.authorId, memberId))
        .returning({ id: communityPosts.id });
      kept = moved.length;
      await tx
        .update(postComments)
        .set({ authorId: deletedMember })
        .where(eq(postComments.authorId, memberId));
    } else {
      await takeCommentsOutOfCounts(tx, memberId);
      deleted = (
        await tx
          .select({ id: communityPosts.id })
          .from(communityPosts)
          .where(eq(communityPosts.authorId, memberId))
      ).map((post) => post.id);
    }
    await tx.delete(users).where(eq(users.id, memberId));
    return { jobIds: jobs.map((job) => job.id), postsKept: kept, postsDeleted: deleted };
  });

  deps.events.publish({
    audience: { kind: 'member', userId: memberId },
    event: { type: 'session.ended', data: {} },
  });
  for (const postId of postsDeleted) {
    deps.events.publish({ audience: { kind: 'all' }, event: { type: 'post.deleted', data: { postId } } });
  }
  await removeFiles(deps, memberId, jobIds);
  return { deleted: true, posts_kept: postsKept };
}

/** Each post the member liked counts one like fewer (their `post_likes` rows go by cascade). */
async function takeLikesOutOfCounts(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${communityPosts} SET likes_count = greatest(${communityPosts.likesCount} - 1, 0)
    WHERE ${communityPosts.id} IN (SELECT ${postLikes.postId} FROM ${postLikes} WHERE ${postLikes.userId} = ${memberId})`);
}

/** Other members' posts count the member's comments on them no more (their own posts go whole). */
async function takeCommentsOutOfCounts(tx: Tx, memberId: number): Promise<void> {
  const theirs = tx
    .select({ postId: postComments.postId, n: sql<number>`count(*)::int`.as('n') })
    .from(postComments)
    .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
    .where(and(eq(postComments.authorId, memberId), ne(communityPosts.authorId, memberId)))
    .groupBy(postComments.postId)
    .as('theirs');
  await tx
    .update(communityPosts)
    .set({ commentsCount: sql`greatest(${communityPosts.commentsCount} - ${theirs.n}, 0)` })
    .from(theirs)
    .where(eq(communityPosts.id, theirs.postId));
}

/**
 * The one "Deleted member" row, made the first time someone keeps their posts, and found by its kind, never by
 * its email (whoever signed in with that email would otherwise become it). Its kind is unique by a partial index,
 * so two deletions at once make one row; it has no identity, so no one can sign in as it.
 */
async function deletedMemberId(tx: Tx): Promise<number> {
  await tx
    .insert(users)
    .values({ kind: 'deleted_member', email: DELETED_MEMBER_EMAIL, name: DELETED_MEMBER_NAME })
    .onConflictDoNothing({
      target: users.kind,
      // A literal, not a parameter: PostgreSQL matches a partial index's predicate when it plans the statement.
      where: sql`${users.kind} = 'deleted_member'`,
    });
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.kind, 'deleted_member'));
  if (!row) throw new Error('the Deleted member row is missing right after it was made');
  return row.id;
}

/** Everything the member's rows pointed to in the media store, by the prefixes the server writes them under. */
async function removeFiles(
  deps: { store: MediaStore; logger: Logger },
  memberId: number,
  jobIds: string[],
): Promise<void> {
  const prefixes = [
    `media/${memberId}`,
    `avatars/${memberId}`,
    `wallpapers/${memberId}`,
    ...jobIds.map((id) => `jobs/${id}`),
  ];
  for (const prefix of prefixes) {
    try {
      await deps.store.removeAll(prefix);
    } catch (error) {
      deps.logger.error({ err: error, prefix }, 'account deletion: a stored file could not be removed');
    }
  }
}
