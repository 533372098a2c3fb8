import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { communityPosts, postLikes, users } from '#server/db/schema.ts';
import {
  type CommunityComment,
  type CommunityPost,
  type CreatePostRequest,
  communityCommentSchema,
  communityPostSchema,
  type LikeResponse,
  likeResponseSchema,
} from '#shared/community.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

/** A valid new-post body; each call a distinct title. */
export function buildPostInput(overrides: Partial<CreatePostRequest> = {}): CreatePostRequest {
  sequence += 1;
  return { title: `Morning pages, day ${sequence}`, body: 'Wrote three pages before coffee.', ...overrides };
}

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  if (response.status !== status)
    throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Publishes a post through the API as the member whose cookie is given (counts against their rate limit). */
export async function createPostAs(
  t: TestApp,
  cookie: string,
  overrides: Partial<CreatePostRequest> = {},
): Promise<CommunityPost> {
  const response = await t.request('/api/community/posts', {
    method: 'POST',
    cookie,
    body: buildPostInput(overrides),
  });
  return communityPostSchema.parse(await expectStatus(response, 201, 'create post'));
}

/** Toggles the member's like through the API. */
export async function toggleLikeAs(t: TestApp, cookie: string, postId: number): Promise<LikeResponse> {
  const response = await t.request(`/api/community/posts/${postId}/like`, {
    method: 'PUT',
    cookie,
    body: {},
  });
  return likeResponseSchema.parse(await expectStatus(response, 200, 'like'));
}

/** Comments through the API as the member. */
export async function commentAs(
  t: TestApp,
  cookie: string,
  postId: number,
  body = 'Lovely idea, trying it tomorrow.',
): Promise<CommunityComment> {
  const response = await t.request(`/api/community/posts/${postId}/comments`, {
    method: 'POST',
    cookie,
    body: { body },
  });
  return communityCommentSchema.parse(await expectStatus(response, 201, 'comment'));
}

/**
 * Writes posts straight into the database, ids ascending in the order given: for lists and plans that need many
 * rows fast (no rate limit, no events, no badges). Answers the new ids.
 */
export async function insertPosts(
  db: Db,
  authorId: number,
  count: number,
  at: Date,
  overrides: Partial<typeof communityPosts.$inferInsert> = {},
): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(communityPosts)
    .values(
      Array.from({ length: count }, (_, index) => ({
        authorId,
        title: `Seeded post ${index + 1}`,
        createdAt: at,
        updatedAt: at,
        ...overrides,
      })),
    )
    .returning({ id: communityPosts.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Seeds likes by the given members on a post, keeping `likes_count` equal to the rows (as the API would). */
export async function insertLikes(db: Db, postId: number, userIds: number[], at: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(postLikes).values(userIds.map((userId) => ({ postId, userId, createdAt: at })));
    await tx
      .update(communityPosts)
      .set({ likesCount: sql`${communityPosts.likesCount} + ${userIds.length}` })
      .where(eq(communityPosts.id, postId));
  });
}

/** Members written straight into `users` (no session: they cannot sign in), for likes and lists in bulk. */
export async function insertMembers(db: Db, count: number, at: Date): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        sequence += 1;
        return {
          name: `Seeded member ${sequence}`,
          email: `seeded${sequence}.${process.pid}@example.test`,
          createdAt: at,
          lastSignedInAt: at,
        };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
