import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, communityPosts, postLikes } from '#server/db/schema.ts';
import type { Delivery } from '#server/lib/infra/event-bus.ts';
import { BADGE_RULES } from '#shared/badges.ts';
import { likeResponseSchema, postPageSchema } from '#shared/community.ts';
import { createPostAs, insertLikes, insertMembers, toggleLikeAs } from '#tests/factories/community.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Likes: one per member and post, `likes_count` always equal to
 * the `post_likes` rows, under many members at once and one member clicking fast; Community Star at 50 likes
 * received.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The post's stored count and its like rows, which must always agree. */
async function countsOf(postId: number) {
  const [post] = await t.db
    .select({ likes: communityPosts.likesCount })
    .from(communityPosts)
    .where(eq(communityPosts.id, postId));
  const [rows] = await t.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  return { stored: post?.likes, rows: rows?.n };
}

const like = (cookie: string, postId: number) =>
  t.request(`/api/community/posts/${postId}/like`, { method: 'PUT', cookie, body: {} });

describe('likes', () => {
  it('toggles the viewer’s like and answers the new count', async () => {
    const author = await signInMember(t);
    const reader = await signInMember(t);
    const post = await createPostAs(t, author.cookie);
    expect(await toggleLikeAs(t, reader.cookie, post.id)).toEqual({ likes: 1, liked: true });
    expect(await toggleLikeAs(t, author.cookie, post.id)).toEqual({ likes: 2, liked: true });
    expect(await toggleLikeAs(t, reader.cookie, post.id)).toEqual({ likes: 1, liked: false });
    expect(await countsOf(post.id)).toEqual({ stored: 1, rows: 1 });

    const page = postPageSchema.parse(
      await (await t.request('/api/community/posts', { cookie: reader.cookie })).json(),
    );
    expect(page.posts.find((p) => p.id === post.id)).toMatchObject({ likes: 1, liked: false });
    expect((await like(reader.cookie, 2_147_483_647)).status).toBe(404);
  });

  it('counts 20 members liking the same post at once exactly once each', async () => {
    const author = await signInMember(t);
    const post = await createPostAs(t, author.cookie);
    const members = await Promise.all(Array.from({ length: 20 }, () => signInMember(t)));

    const answers = await Promise.all(members.map((member) => like(member.cookie, post.id)));
    expect(answers.map((response) => response.status)).toEqual(answers.map(() => 200));
    const bodies = await Promise.all(answers.map(async (r) => likeResponseSchema.parse(await r.json())));
    expect(bodies.every((body) => body.liked)).toBe(true);
    // Each toggle saw its own count: 1 to 20, each exactly once.
    expect(bodies.map((body) => body.likes).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(await countsOf(post.id)).toEqual({ stored: 20, rows: 20 });
  });

  it('keeps one like per member when one member sends 10 toggles at once', async () => {
    const author = await signInMember(t);
    const clicker = await signInMember(t);
    const post = await createPostAs(t, author.cookie);

    const answers = await Promise.all(Array.from({ length: 10 }, () => like(clicker.cookie, post.id)));
    expect(answers.map((response) => response.status)).toEqual(answers.map(() => 200));
    const bodies = await Promise.all(answers.map(async (r) => likeResponseSchema.parse(await r.json())));
    // Every answer is a consistent state: liked with 1, or not liked with 0.
    for (const body of bodies) expect(body.likes).toBe(body.liked ? 1 : 0);

    const { stored, rows } = await countsOf(post.id);
    expect(stored).toBe(rows);
    expect([0, 1]).toContain(rows);
    const [mine] = await t.db
      .select({ n: count() })
      .from(postLikes)
      .where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, clicker.user.id)));
    expect(mine?.n).toBe(rows);
  });

  it('keeps the count exact when likes and unlikes of many members interleave', async () => {
    const author = await signInMember(t);
    const post = await createPostAs(t, author.cookie);
    const members = await Promise.all(Array.from({ length: 8 }, () => signInMember(t)));
    // Each member toggles three times at once with everyone else: each ends liked (odd number of toggles).
    await Promise.all(members.flatMap((member) => [1, 2, 3].map(() => like(member.cookie, post.id))));
    expect(await countsOf(post.id)).toEqual({ stored: 8, rows: 8 });
  });
});

describe('Community Star', () => {
  it(`is earned when the author’s posts reach ${BADGE_RULES.likesReceived} likes, and announced to them alone`, async () => {
    const author = await signInMember(t);
    const first = await createPostAs(t, author.cookie);
    t.clock.advance(60_000);
    const second = await createPostAs(t, author.cookie);
    const now = t.clock.now();
    // 48 likes seeded over two posts (as the API would have stored them), then the last two through the API.
    const seeded = await insertMembers(t.db, 48, now);
    await insertLikes(t.db, first.id, seeded.slice(0, 30), now);
    await insertLikes(t.db, second.id, seeded.slice(30), now);
    const [fan49, fan50] = [await signInMember(t), await signInMember(t)];

    const events: Delivery[] = [];
    const stop = t.events.subscribe((delivery) => events.push(delivery));
    const hasStar = async () =>
      (
        await t.db
          .select()
          .from(badges)
          .where(and(eq(badges.userId, author.user.id), eq(badges.badgeType, 'community_star')))
      ).length === 1;
    try {
      expect(await toggleLikeAs(t, fan49.cookie, second.id)).toEqual({ likes: 19, liked: true });
      expect(await hasStar()).toBe(false);
      expect(await toggleLikeAs(t, fan50.cookie, first.id)).toEqual({ likes: 31, liked: true });
      expect(await hasStar()).toBe(true);
      // Falling under and climbing back does not earn or announce it again.
      await toggleLikeAs(t, fan50.cookie, first.id);
      await toggleLikeAs(t, fan50.cookie, first.id);
    } finally {
      stop();
    }
    expect(events.filter((d) => d.event.type === 'badge.earned')).toEqual([
      {
        audience: { kind: 'member', userId: author.user.id },
        event: { type: 'badge.earned', data: { badge_type: 'community_star' } },
      },
    ]);
    // The fans earned nothing by liking.
    const fanBadges = await t.db.select().from(badges).where(eq(badges.userId, fan50.user.id));
    expect(fanBadges).toEqual([]);
  });
});
