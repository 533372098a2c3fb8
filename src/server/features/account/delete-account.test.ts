import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, DELETED_MEMBER_EMAIL, users } from '#server/db/schema.ts';
import { DELETED_MEMBER_NAME } from '#shared/account.ts';
import { rowCountsNaming, memberWithEverything as withEverything } from '#tests/factories/account.ts';
import { commentAs, createPostAs, toggleLikeAs } from '#tests/factories/community.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * After it, nothing of the member is left in any table or in the media store,
 * their session is refused, the counts of what they liked and commented move back, and their community posts go
 * or stay under "Deleted member" as they chose. Another member's data is untouched throughout.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The tables (and columns) that still hold a row naming the member. */
async function rowsNaming(memberId: number): Promise<string[]> {
  const counts = await rowCountsNaming(t, memberId);
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([where]) => where);
}

const memberWithEverything = () => withEverything(t);

async function deleteAccount(cookie: string, body: unknown) {
  return t.request('/api/account', { method: 'DELETE', cookie, body });
}

/** A post as the feed shows it to `cookie`'s member, or undefined when the feed has it no more. */
async function postInFeed(cookie: string, postId: number): Promise<Record<string, unknown> | undefined> {
  const feed = (await (await t.request('/api/community/posts?limit=50', { cookie })).json()) as {
    posts: { id: number }[];
  };
  return feed.posts.find((post) => post.id === postId);
}

async function postCounts(postId: number) {
  const [row] = await t.db
    .select({ likes: communityPosts.likesCount, comments: communityPosts.commentsCount })
    .from(communityPosts)
    .where(eq(communityPosts.id, postId));
  return row;
}

describe('DELETE /api/account', () => {
  it('refuses an email that is not the account’s, and deletes nothing', async () => {
    const ada = await memberWithEverything();
    const wrong = await deleteAccount(ada.cookie, {
      email: 'someone-else@example.test',
      community: 'delete',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const invalid = await deleteAccount(ada.cookie, { email: ada.identity.email, community: 'maybe' });
    expect(invalid.status).toBe(400);
    expect((await t.request('/api/tasks', { cookie: ada.cookie })).status).toBe(200);
    expect(await rowsNaming(ada.user.id)).toContain('tasks.user_id');
    for (const file of ada.files) expect(existsSync(file)).toBe(true);
  });

  it('with its posts: nothing of the member is left anywhere, and what they liked and said leaves the counts', async () => {
    const ada = await memberWithEverything();
    const grace = await signInMember(t);
    const adaPost = await createPostAs(t, ada.cookie);
    const gracePost = await createPostAs(t, grace.cookie);
    await toggleLikeAs(t, ada.cookie, gracePost.id);
    await commentAs(t, ada.cookie, gracePost.id, 'From Ada');
    await toggleLikeAs(t, grace.cookie, adaPost.id);
    await commentAs(t, grace.cookie, adaPost.id, 'From Grace');
    expect(await postCounts(gracePost.id)).toEqual({ likes: 1, comments: 1 });

    // The typed email is compared without case or surrounding spaces.
    const answer = await deleteAccount(ada.cookie, {
      email: ` ${ada.identity.email.toUpperCase()} `,
      community: 'delete',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ deleted: true, posts_kept: 0 });
    expect(answer.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    expect(await rowsNaming(ada.user.id)).toEqual([]);
    for (const file of ada.files) expect(existsSync(file)).toBe(false);
    expect((await t.request('/api/users/me', { cookie: ada.cookie })).status).toBe(401);
    expect(await postCounts(gracePost.id)).toEqual({ likes: 0, comments: 0 });
    expect(await postCounts(adaPost.id)).toBeUndefined();
    // Grace keeps everything of hers.
    expect(await postInFeed(grace.cookie, gracePost.id)).toBeDefined();
    expect(await postInFeed(grace.cookie, adaPost.id)).toBeUndefined();
    expect(await rowsNaming(grace.user.id)).toEqual(expect.arrayContaining(['community_posts.author_id']));
  });

  it('keeping its posts: they and its comments stay under "Deleted member", one row for every such member', async () => {
    const grace = await signInMember(t);
    const gracePost = await createPostAs(t, grace.cookie);
    const kept: number[] = [];
    for (const name of ['Ada', 'Alan']) {
      const member = await memberWithEverything();
      const post = await createPostAs(t, member.cookie, { title: `${name} keeps this` });
      await commentAs(t, member.cookie, gracePost.id, `${name} was here`);
      await toggleLikeAs(t, member.cookie, gracePost.id);
      await toggleLikeAs(t, grace.cookie, post.id);
      const answer = await deleteAccount(member.cookie, { email: member.identity.email, community: 'keep' });
      expect(await answer.json()).toEqual({ deleted: true, posts_kept: 1 });
      expect(await rowsNaming(member.user.id)).toEqual([]);
      kept.push(post.id);
    }

    for (const postId of kept) {
      expect(await postInFeed(grace.cookie, postId)).toMatchObject({
        author_name: DELETED_MEMBER_NAME,
        author_avatar: null,
        likes: 1,
      });
    }
    // Their comments stay (and count); their likes do not.
    expect(await postCounts(gracePost.id)).toEqual({ likes: 0, comments: 2 });
    const comments = await (
      await t.request(`/api/community/posts/${gracePost.id}/comments`, { cookie: grace.cookie })
    ).json();
    expect(JSON.stringify(comments)).toContain(DELETED_MEMBER_NAME);
    const { rows } = await t.db.$client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE name = 'Deleted member'",
    );
    expect(rows[0]?.n).toBe(1);
    // Named in the reader's language.
    const feed = await (
      await t.request('/api/community/posts', { cookie: grace.cookie, headers: { 'accept-language': 'es' } })
    ).json();
    expect(feed.posts.find((post: { id: number }) => post.id === kept[0])?.author_name).toBe(
      'Miembro eliminado',
    );
    // Nobody to list among the members.
    const members = await (await t.request('/api/community/members', { cookie: grace.cookie })).text();
    expect(members).not.toContain(DELETED_MEMBER_NAME);
  });

  it('hands kept posts to the system row, never to a member who took its email', async () => {
    // A member whose row carries the Deleted member's email: signed in with it before such emails were refused,
    // or given it by their provider since.
    const taker = await signInMember(t);
    await t.db.update(users).set({ email: DELETED_MEMBER_EMAIL }).where(eq(users.id, taker.user.id));
    const leaving = await signInMember(t);
    const post = await createPostAs(t, leaving.cookie, { title: 'Left behind' });
    const answer = await deleteAccount(leaving.cookie, { email: leaving.identity.email, community: 'keep' });
    expect(await answer.json()).toEqual({ deleted: true, posts_kept: 1 });

    const [kept] = await t.db
      .select({ authorId: communityPosts.authorId })
      .from(communityPosts)
      .where(eq(communityPosts.id, post.id));
    expect(kept?.authorId).not.toBe(taker.user.id);
    const [author] = await t.db
      .select({ kind: users.kind })
      .from(users)
      .where(eq(users.id, kept?.authorId ?? 0));
    expect(author?.kind).toBe('deleted_member');
    const edit = await t.request(`/api/community/posts/${post.id}`, {
      method: 'PUT',
      cookie: taker.cookie,
      body: { title: 'Mine now' },
    });
    expect(edit.status).toBe(403);
    expect(await postInFeed(taker.cookie, post.id)).toMatchObject({ author_name: DELETED_MEMBER_NAME });
  });

  it('asks for a member: signed out it is 401, and a member can only ever delete themselves', async () => {
    expect(
      (await t.request('/api/account', { method: 'DELETE', body: { email: 'x@y.z', community: 'delete' } }))
        .status,
    ).toBe(401);
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const answer = await deleteAccount(ada.cookie, { email: grace.identity.email, community: 'delete' });
    expect(answer.status).toBe(400);
    expect((await t.request('/api/users/me', { cookie: grace.cookie })).status).toBe(200);
    expect((await t.request('/api/users/me', { cookie: ada.cookie })).status).toBe(200);
  });
});
