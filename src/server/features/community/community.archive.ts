import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { communityPosts, postComments, postLikes } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  type DbReader,
  insertInChunks,
  notAfter,
  notYetHeld,
  samenessKey,
} from '#server/lib/data/archive-adapter.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { COMMUNITY_LIMITS } from '#shared/community.ts';
import { earnCommunityBadge } from './community-badges.ts';
import { awardCommunityStarIfEarned } from './likes.service.ts';

type ArchivePost = ArchiveContents['community_posts'][number];
type ArchiveComment = ArchiveContents['community_comments'][number];
type OnPost<I> = I & { post_id: number };

const MINUTE_MS = 60_000;

/** A post is the member's already when one of theirs has its title, body and date. */
const postKey = (post: Pick<ArchivePost, 'title' | 'body' | 'created_at'>) =>
  JSON.stringify([post.title, post.body, post.created_at]);

/**
 * The posting limits of the routes (posts, then comments, per member and minute), held over time: no minute may
 * hold more of the member's posts (or comments), theirs already and the archive's together, than a member could
 * write in one minute. An archive a member made here keeps them; one that would date a burst of posts is refused.
 */
function checkPerMinute(
  limit: number,
  held: readonly Date[],
  added: readonly string[],
  refusal: () => AppError,
): void {
  const perMinute = new Map<number, number>();
  const count = (at: number) => {
    const minute = Math.floor(at / MINUTE_MS);
    const next = (perMinute.get(minute) ?? 0) + 1;
    perMinute.set(minute, next);
    return next;
  };
  for (const at of held) count(at.getTime());
  for (const at of added) {
    if (count(Date.parse(at)) > limit) throw refusal();
  }
}

async function heldPosts(reader: DbReader, memberId: number) {
  return reader
    .select({
      id: communityPosts.id,
      title: communityPosts.title,
      body: communityPosts.body,
      createdAt: communityPosts.createdAt,
    })
    .from(communityPosts)
    .where(eq(communityPosts.authorId, memberId));
}

/**
 * The member's community content: the posts they wrote, the comments they wrote and the likes they gave (those on
 * other members' posts are exported for them to read, with the post's title, and never imported: the posts are
 * someone else's). On import, posts and the comments and likes on them become the importing member's, through
 * the routes' rules: the schemas of `POST /api/community/posts` and of comments, no pictures (no route gives a
 * post any), no date later than the import, and the posting limits over time (`checkPerMinute`). The badges are
 * earned again from what arrived, as the routes award them: First Flight for a first post, Community Star for the
 * likes received; marking one's own comment helpful earns nothing, so Glow Mentor never comes from an archive.
 */
export function createCommunityArchive(deps: { events: EventBus }): ArchiveAdapter {
  return {
    kinds: ['community_posts', 'community_comments', 'community_likes'],
    async collect(tx, memberId) {
      const posts = await tx
        .select()
        .from(communityPosts)
        .where(eq(communityPosts.authorId, memberId))
        .orderBy(asc(communityPosts.id));
      const comments = await tx
        .select({
          comment: postComments,
          postTitle: communityPosts.title,
          postAuthor: communityPosts.authorId,
        })
        .from(postComments)
        .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
        .where(eq(postComments.authorId, memberId))
        .orderBy(asc(postComments.id));
      const likes = await tx
        .select({ like: postLikes, postTitle: communityPosts.title, postAuthor: communityPosts.authorId })
        .from(postLikes)
        .innerJoin(communityPosts, eq(communityPosts.id, postLikes.postId))
        .where(eq(postLikes.userId, memberId))
        .orderBy(asc(postLikes.createdAt));
      return {
        contents: {
          community_posts: posts.map((post) => ({
            id: post.id,
            title: post.title,
            body: post.body,
            lang: post.lang as ArchivePost['lang'],
            images: Array.isArray(post.images) ? (post.images as string[]) : [],
            ai_meta: (post.aiMeta as ArchivePost['ai_meta']) ?? null,
            created_at: post.createdAt.toISOString(),
            updated_at: post.updatedAt.toISOString(),
          })),
          community_comments: comments.map(({ comment, postTitle, postAuthor }) => ({
            post_id: postAuthor === memberId ? comment.postId : null,
            post_title: postTitle,
            body: comment.body,
            helpful_at: comment.helpfulAt ? comment.helpfulAt.toISOString() : null,
            created_at: comment.createdAt.toISOString(),
          })),
          community_likes: likes.map(({ like, postTitle, postAuthor }) => ({
            post_id: postAuthor === memberId ? like.postId : null,
            post_title: postTitle,
            created_at: like.createdAt.toISOString(),
          })),
        },
        files: [],
      };
    },
    async plan(reader, { memberId, contents, now }) {
      const at = notAfter(now);
      const iso = (instant: string) => at(instant).toISOString();
      const archivedPosts = contents.community_posts.map((post) => ({
        ...post,
        images: [],
        created_at: iso(post.created_at),
        updated_at: iso(post.updated_at),
      }));
      const held = await heldPosts(reader, memberId);
      const heldByKey = new Map(
        held.map((post) => [postKey({ ...post, created_at: post.createdAt.toISOString() }), post.id]),
      );
      // Archive post id → the member's post it already is (imported before); a post the archive holds twice is
      // one post, its second id another name of the first.
      const existing = new Map<number, number>();
      const sameAs = new Map<number, number>();
      const firstWithKey = new Map<string, number>();
      const freshPosts: ArchivePost[] = [];
      for (const post of archivedPosts) {
        const key = postKey(post);
        const first = firstWithKey.get(key);
        if (first !== undefined) {
          sameAs.set(post.id, first);
          continue;
        }
        firstWithKey.set(key, post.id);
        const known = heldByKey.get(key);
        if (known === undefined) freshPosts.push(post);
        else existing.set(post.id, known);
      }
      const canonical = (archiveId: number) => sameAs.get(archiveId) ?? archiveId;
      const onOwnPost = <I extends { post_id: number | null }>(items: I[]) =>
        items.filter((item): item is OnPost<I> => item.post_id !== null);
      const archivedComments = onOwnPost(contents.community_comments).map((comment) => ({
        ...comment,
        post_id: canonical(comment.post_id),
        helpful_at: comment.helpful_at === null ? null : iso(comment.helpful_at),
        created_at: iso(comment.created_at),
      }));
      const archivedLikes = onOwnPost(contents.community_likes).map((like) => ({
        ...like,
        post_id: canonical(like.post_id),
        created_at: iso(like.created_at),
      }));

      checkPerMinute(
        COMMUNITY_LIMITS.postsPerMinute,
        held.map((post) => post.createdAt),
        freshPosts.map((post) => post.created_at),
        () =>
          new AppError(
            'bad_request',
            say('server.archive.tooManyPosts', { max: COMMUNITY_LIMITS.postsPerMinute }),
          ),
      );

      const existingIds = [...existing.values()];
      const archiveIdOf = new Map([...existing].map(([archiveId, id]) => [id, archiveId]));
      const heldComments = await reader
        .select({
          postId: postComments.postId,
          body: postComments.body,
          helpfulAt: postComments.helpfulAt,
          createdAt: postComments.createdAt,
        })
        .from(postComments)
        .where(eq(postComments.authorId, memberId));
      const heldLikes =
        existingIds.length === 0
          ? []
          : await reader
              .select({ postId: postLikes.postId })
              .from(postLikes)
              .where(and(eq(postLikes.userId, memberId), inArray(postLikes.postId, existingIds)));
      const commentKey = ({ post_title: _title, ...comment }: ArchiveComment) => samenessKey(comment);
      const freshComments = notYetHeld(
        archivedComments,
        heldComments.flatMap((comment) => {
          const archiveId = archiveIdOf.get(comment.postId);
          if (archiveId === undefined) return [];
          return [
            commentKey({
              post_id: archiveId,
              post_title: '',
              body: comment.body,
              helpful_at: comment.helpfulAt ? comment.helpfulAt.toISOString() : null,
              created_at: comment.createdAt.toISOString(),
            }),
          ];
        }),
        commentKey,
      );
      checkPerMinute(
        COMMUNITY_LIMITS.commentsPerMinute,
        heldComments.map((comment) => comment.createdAt),
        freshComments.map((comment) => comment.created_at),
        () =>
          new AppError(
            'bad_request',
            say('server.archive.tooManyComments', { max: COMMUNITY_LIMITS.commentsPerMinute }),
          ),
      );
      const freshLikes = notYetHeld(
        archivedLikes,
        heldLikes.flatMap((like) => {
          const archiveId = archiveIdOf.get(like.postId);
          return archiveId === undefined ? [] : [String(archiveId)];
        }),
        (like) => String(like.post_id),
      );

      return {
        adds: {
          community_posts: freshPosts.length,
          community_comments: freshComments.length,
          community_likes: freshLikes.length,
        },
        files: [],
        async write(tx) {
          const postIds = new Map(existing);
          for (const post of freshPosts) {
            const [row] = await tx
              .insert(communityPosts)
              .values({
                authorId: memberId,
                title: post.title,
                body: post.body,
                lang: post.lang,
                images: [],
                aiMeta: post.ai_meta,
                createdAt: new Date(post.created_at),
                updatedAt: new Date(post.updated_at),
              })
              .returning({ id: communityPosts.id });
            if (!row) throw new Error('a post was not inserted');
            postIds.set(post.id, row.id);
          }
          const postOf = (archiveId: number) => {
            const id = postIds.get(archiveId);
            if (id === undefined) throw new Error(`archive post ${archiveId} has no row`);
            return id;
          };
          await insertInChunks(freshComments, (chunk) =>
            tx.insert(postComments).values(
              chunk.map((comment) => ({
                postId: postOf(comment.post_id),
                authorId: memberId,
                body: comment.body,
                helpfulAt: comment.helpful_at === null ? null : new Date(comment.helpful_at),
                createdAt: new Date(comment.created_at),
              })),
            ),
          );
          await insertInChunks(freshLikes, (chunk) =>
            tx
              .insert(postLikes)
              .values(
                chunk.map((like) => ({
                  postId: postOf(like.post_id),
                  userId: memberId,
                  createdAt: new Date(like.created_at),
                })),
              )
              .onConflictDoNothing(),
          );
          // The posts' counters follow their rows, as the like and comment routes keep them.
          const touched = [...postIds.values()];
          if (touched.length > 0) {
            await tx
              .update(communityPosts)
              .set({
                likesCount: sql`(SELECT count(*)::int FROM ${postLikes} WHERE ${postLikes.postId} = ${communityPosts.id})`,
                commentsCount: sql`(SELECT count(*)::int FROM ${postComments} WHERE ${postComments.postId} = ${communityPosts.id})`,
              })
              .where(inArray(communityPosts.id, touched));
          }
        },
        async afterCommit(db) {
          if (freshPosts.length > 0) await earnCommunityBadge(db, deps.events, memberId, 'first_flight', now);
          if (freshLikes.length > 0) await awardCommunityStarIfEarned(db, deps.events, memberId, now);
        },
      };
    },
  };
}
