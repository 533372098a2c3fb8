import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { communityPosts, postLikes, profiles, users } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import {
  type CommunityPost,
  communityPostSchema,
  type createPostRequestSchema,
  type PostPage,
  postLangSchema,
  type updatePostRequestSchema,
} from '#shared/community.ts';
import { authorColumns } from './community-authors.ts';
import { earnCommunityBadge } from './community-badges.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;
type AiHelper = 'generate' | 'improve' | 'translate';

/** The AI helpers in one fixed order, so `ai_meta` reads the same however the client listed them. */
const helperOrder: readonly AiHelper[] = ['generate', 'improve', 'translate'];

/** A post that members can see: not hidden by an operator. */
export const visiblePost = (id: number) => and(eq(communityPosts.id, id), isNull(communityPosts.hiddenAt));

/** The select of a post as a viewer sees it: the row, its author's name and picture, and the viewer's like. */
function postSelection() {
  return { post: communityPosts, ...authorColumns(), likedBy: postLikes.userId };
}

/**
 * The base query every post read goes through: one statement joining the author and the viewer's own like (the
 * like's primary key is (post_id, user_id), so that join is one index probe per post).
 */
export function selectPostsFor(db: Queryable, viewerId: number) {
  return db
    .select(postSelection())
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(postLikes, and(eq(postLikes.postId, communityPosts.id), eq(postLikes.userId, viewerId)));
}

/**
 * One page of the list, newest first, as a keyset on the primary key: `id < cursor`, never an offset, so posts
 * arriving while a member scrolls neither repeat nor skip anything, and the database walks the primary key index
 * backwards and stops after `limit + 1` rows however many posts there are (community-lists.test.ts checks the
 * plan). Exported so that test explains exactly this query.
 */
export function postPageQuery(db: Queryable, viewerId: number, page: { cursor?: number; limit: number }) {
  return selectPostsFor(db, viewerId)
    .where(
      and(
        isNull(communityPosts.hiddenAt),
        page.cursor !== undefined ? lt(communityPosts.id, page.cursor) : undefined,
      ),
    )
    .orderBy(desc(communityPosts.id))
    .limit(page.limit + 1);
}

type PostRow = {
  post: typeof communityPosts.$inferSelect;
  authorName: string;
  authorAvatar: string | null;
  likedBy: number | null;
};

const imagesSchema = z.array(z.string()).catch([]);
const aiMetaSchema = communityPostSchema.shape.ai_meta.catch(null);

/** The post as the API shows it: nothing else of the row leaves the server. */
export function presentPost(row: PostRow): CommunityPost {
  const { post } = row;
  return {
    id: post.id,
    author_id: post.authorId,
    author_name: row.authorName,
    author_avatar: row.authorAvatar,
    title: post.title,
    body: post.body,
    // jsonb and free text columns: a row written by hand or by an older version still answers in the contract.
    lang: postLangSchema.catch('auto').parse(post.lang),
    images: imagesSchema.parse(post.images),
    likes: post.likesCount,
    comments_count: post.commentsCount,
    liked: row.likedBy !== null,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    ai_meta: aiMetaSchema.parse(post.aiMeta),
  };
}

export async function listPosts(
  db: Db,
  viewerId: number,
  page: { cursor?: number | undefined; limit: number },
): Promise<PostPage> {
  const rows = await postPageQuery(db, viewerId, {
    limit: page.limit,
    ...(page.cursor !== undefined ? { cursor: page.cursor } : {}),
  });
  const more = rows.length > page.limit;
  const posts = rows.slice(0, page.limit).map(presentPost);
  return { posts, nextCursor: more ? (posts.at(-1)?.id ?? null) : null };
}

/** A visible post as the viewer sees it, or 404. */
export async function getVisiblePost(db: Queryable, viewerId: number, id: number): Promise<CommunityPost> {
  const [row] = await selectPostsFor(db, viewerId).where(visiblePost(id)).limit(1);
  if (!row) throw notFound('post');
  return presentPost(row);
}

/** The helpers used, in the fixed order and each once; null when none (the post is not AI Enhanced). */
function aiMetaFor(helpers: readonly AiHelper[]): { helpers: AiHelper[] } | null {
  const used = new Set(helpers);
  return used.size > 0 ? { helpers: helperOrder.filter((helper) => used.has(helper)) } : null;
}

/**
 * Publishes a post. Title and body are stored as sent, trimmed by the schema: never
 * escaped here, because the page renders them as text and escaping would double up. The member's first post
 * earns First Flight; every open community page hears of it.
 */
export async function createPost(
  db: Db,
  events: EventBus,
  authorId: number,
  input: z.infer<typeof createPostRequestSchema>,
  now: Date,
): Promise<CommunityPost> {
  const [row] = await db
    .insert(communityPosts)
    .values({
      authorId,
      title: input.title,
      body: input.body,
      lang: input.lang,
      aiMeta: aiMetaFor(input.aiHelpers ?? []),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: communityPosts.id });
  if (!row) throw new Error('insert into community_posts returned no row');
  await earnCommunityBadge(db, events, authorId, 'first_flight', now);
  events.publish({ audience: { kind: 'all' }, event: { type: 'post.created', data: { postId: row.id } } });
  return getVisiblePost(db, authorId, row.id);
}

const onlyTheAuthor = (what: 'edit' | 'delete') =>
  new AppError(
    'forbidden',
    say(what === 'edit' ? 'server.community.onlyAuthorEdits' : 'server.community.onlyAuthorDeletes'),
  );

/**
 * The author's edit (ours: `PUT /api/community/posts/{id}`). Posts are public, so another member's edit is 403
 * (they can see the post), an unknown or hidden one 404. Helpers used in the edit join those already recorded.
 */
export async function updatePost(
  db: Db,
  events: EventBus,
  memberId: number,
  id: number,
  update: z.infer<typeof updatePostRequestSchema>,
  now: Date,
): Promise<CommunityPost> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ authorId: communityPosts.authorId, aiMeta: communityPosts.aiMeta })
      .from(communityPosts)
      .where(visiblePost(id))
      .for('update');
    if (!current) throw notFound('post');
    if (current.authorId !== memberId) throw onlyTheAuthor('edit');

    const values: Partial<typeof communityPosts.$inferInsert> = { updatedAt: now };
    if (update.title !== undefined) values.title = update.title;
    if (update.body !== undefined) values.body = update.body;
    if (update.lang !== undefined) values.lang = update.lang;
    if (update.aiHelpers !== undefined && update.aiHelpers.length > 0) {
      const recorded = aiMetaSchema.parse(current.aiMeta)?.helpers ?? [];
      values.aiMeta = aiMetaFor([...recorded, ...update.aiHelpers]);
    }
    await tx.update(communityPosts).set(values).where(eq(communityPosts.id, id));
  });
  events.publish({ audience: { kind: 'all' }, event: { type: 'post.updated', data: { postId: id } } });
  return getVisiblePost(db, memberId, id);
}

/**
 * The author deletes their post (its likes, comments and reports go with it, by cascade). A hidden post answers
 * 404 like an unknown one: it is in the operators' hands, and deleting it would erase what was reported.
 */
export async function deletePost(db: Db, events: EventBus, memberId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(communityPosts)
    .where(and(visiblePost(id), eq(communityPosts.authorId, memberId)))
    .returning({ id: communityPosts.id });
  if (deleted.length === 0) {
    const [exists] = await db.select({ id: communityPosts.id }).from(communityPosts).where(visiblePost(id));
    if (exists) throw onlyTheAuthor('delete');
    throw notFound('post');
  }
  events.publish({ audience: { kind: 'all' }, event: { type: 'post.deleted', data: { postId: id } } });
}
