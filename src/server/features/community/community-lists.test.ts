import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts } from '#server/db/schema.ts';
import {
  ACTIVE_MEMBER_DAYS,
  communityStatsSchema,
  memberPageSchema,
  type PostPage,
  postPageSchema,
} from '#shared/community.ts';
import {
  commentAs,
  createPostAs,
  insertMembers,
  insertPosts,
  toggleLikeAs,
} from '#tests/factories/community.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { postPageQuery } from './posts.service.ts';

/**
 * The community's lists and numbers: keyset paging of posts and members (stable while posts arrive), the
 * sidebar's stats on the injected clock, and the plan the database runs for the post list at scale. This file
 * owns its database, so the stats can be checked exactly.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function page(cookie: string, query: string): Promise<PostPage> {
  const response = await t.request(`/api/community/posts?${query}`, { cookie });
  expect(response.status).toBe(200);
  return postPageSchema.parse(await response.json());
}

async function stats(cookie: string) {
  const response = await t.request('/api/community/stats', { cookie });
  expect(response.status).toBe(200);
  return communityStatsSchema.parse(await response.json());
}

describe('stats', () => {
  it('counts visible posts, their likes, and members active in the last 30 days', async () => {
    const viewer = await signInMember(t);
    expect(await stats(viewer.cookie)).toEqual({
      totalPosts: 0,
      activeMembers: 0,
      totalLikes: 0,
      canModerate: false,
    });

    const poster = await signInMember(t);
    const commenter = await signInMember(t);
    const liker = await signInMember(t);
    const first = await createPostAs(t, poster.cookie);
    await createPostAs(t, poster.cookie);
    await commentAs(t, commenter.cookie, first.id);
    await toggleLikeAs(t, liker.cookie, first.id);
    await toggleLikeAs(t, poster.cookie, first.id);
    expect(await stats(viewer.cookie)).toMatchObject({ totalPosts: 2, totalLikes: 2, activeMembers: 3 });

    // A hidden post leaves the totals.
    const hidden = (
      await insertPosts(t.db, poster.user.id, 1, t.clock.now(), { hiddenAt: t.clock.now() })
    )[0];
    expect(hidden).toBeDefined();
    expect(await stats(viewer.cookie)).toMatchObject({ totalPosts: 2 });

    // Thirty days on they are still active (the window includes its first instant); a day later nobody is.
    // Sessions end after 30 idle days, so the viewer signs in again (signing in is not activity).
    t.clock.advance(ACTIVE_MEMBER_DAYS * DAY);
    const later = await signInMember(t);
    expect((await stats(later.cookie)).activeMembers).toBe(3);
    t.clock.advance(DAY);
    expect(await stats(later.cookie)).toMatchObject({ totalPosts: 2, totalLikes: 2, activeMembers: 0 });
    await toggleLikeAs(t, later.cookie, first.id);
    expect(await stats(later.cookie)).toMatchObject({ totalLikes: 3, activeMembers: 1 });
  });
});

describe('post list paging', () => {
  it('pages newest first and continues exactly after page 1 while new posts arrive', async () => {
    const author = await signInMember(t);
    const viewer = await signInMember(t);
    await insertPosts(t.db, author.user.id, 45, t.clock.now());
    const visible = (
      await t.db
        .select({ id: communityPosts.id })
        .from(communityPosts)
        .where(sql`${communityPosts.hiddenAt} is null`)
        .orderBy(sql`${communityPosts.id} desc`)
    ).map((row) => row.id);

    const first = await page(viewer.cookie, 'limit=10');
    expect(first.posts.map((p) => p.id)).toEqual(visible.slice(0, 10));
    expect(first.nextCursor).toBe(visible[9]);

    // Five new posts arrive between page 1 and page 2.
    for (let i = 0; i < 5; i++) {
      t.clock.advance(60_000);
      await createPostAs(t, author.cookie);
    }
    const seen = [...first.posts.map((p) => p.id)];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const next = await page(viewer.cookie, `limit=10&cursor=${cursor}`);
      seen.push(...next.posts.map((p) => p.id));
      cursor = next.nextCursor;
    }
    // Every post that existed at page 1, each once, in order: no duplicates, no gaps.
    expect(seen).toEqual(visible);

    const fresh = await page(viewer.cookie, 'limit=5');
    expect(fresh.posts.every((p) => p.id > (visible[0] ?? 0))).toBe(true);
  });

  it('uses the default page of 20 and answers nextCursor null on the last page', async () => {
    const viewer = await signInMember(t);
    const [visible] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(communityPosts)
      .where(sql`hidden_at is null`);
    expect(visible?.n).toBeGreaterThan(20);
    expect((await page(viewer.cookie, '')).posts).toHaveLength(20);

    let pages = 0;
    let listed = 0;
    let current = await page(viewer.cookie, 'limit=50');
    for (;;) {
      pages += 1;
      listed += current.posts.length;
      if (current.nextCursor === null) break;
      current = await page(viewer.cookie, `limit=50&cursor=${current.nextCursor}`);
    }
    expect(listed).toBe(visible?.n);
    expect(pages).toBe(Math.ceil(listed / 50));
    const last = current.posts.at(-1);
    if (!last) throw new Error('no posts');
    expect(await page(viewer.cookie, `cursor=${last.id}`)).toEqual({ posts: [], nextCursor: null });
  });
});

describe('members', () => {
  it('lists members newest first with a keyset cursor', async () => {
    const viewer = await signInMember(t, { name: 'Newest Viewer' });
    const first = memberPageSchema.parse(
      await (await t.request('/api/community/members?limit=5', { cookie: viewer.cookie })).json(),
    );
    expect(first.members).toHaveLength(5);
    expect(first.members[0]).toEqual({
      id: viewer.user.id,
      display_name: 'Newest Viewer',
      created_at: viewer.user.created_at,
    });
    const ids = first.members.map((m) => m.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(first.nextCursor).toBe(ids.at(-1));

    await signInMember(t); // arrives between pages, must not shift page 2
    const second = memberPageSchema.parse(
      await (
        await t.request(`/api/community/members?limit=5&cursor=${first.nextCursor}`, {
          cookie: viewer.cookie,
        })
      ).json(),
    );
    expect(second.members[0]?.id).toBeLessThan(ids.at(-1) ?? 0);
    expect(second.members.map((m) => m.id).filter((id) => ids.includes(id))).toEqual([]);
  });
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
};

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

describe('the post list at scale', () => {
  it('walks the primary key index backwards, with no sort and no full scan', async () => {
    const viewer = await signInMember(t);
    const authors = await insertMembers(t.db, 50, t.clock.now());
    // 20,000 posts by 50 authors, every tenth hidden: enough for the planner to choose as it would at scale.
    await t.db.execute(sql`
      insert into community_posts (author_id, title, created_at, updated_at, hidden_at)
      select (${sql.raw(`array[${authors.join(',')}]`)})[1 + (n % ${authors.length})], 'Post ' || n, now(), now(),
             case when n % 10 = 0 then now() end
      from generate_series(1, 20000) as n`);
    // And likes as a live community has them: two by other members on every post, the viewer's on every third.
    await t.db.execute(sql`
      insert into post_likes (post_id, user_id, created_at)
      select p.id, liker, now()
      from community_posts p,
           unnest(array[
             (${sql.raw(`array[${authors.join(',')}]`)})[1 + (p.id % ${authors.length})],
             (${sql.raw(`array[${authors.join(',')}]`)})[1 + ((p.id + 7) % ${authors.length})],
             case when p.id % 3 = 0 then ${viewer.user.id}::int end
           ]) as liker
      where liker is not null
      on conflict do nothing`);
    // And profiles as members make them: the authors set a display name (community-authors.ts reads it).
    await t.db.execute(sql`
      insert into profiles (user_id, display_name, updated_at)
      select author, 'Stage name ' || author, now()
      from unnest(${sql.raw(`array[${authors.join(',')}]`)}) as author`);
    await t.db.execute(sql`analyze`);

    for (const cursor of [undefined, 10_000]) {
      const query = postPageQuery(t.db, viewer.user.id, {
        limit: 20,
        ...(cursor !== undefined ? { cursor } : {}),
      }).toSQL();
      const result = await t.database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${query.sql}`,
        query.params,
      );
      const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
      if (!plan) throw new Error('no plan');
      const nodes = flatten(plan);
      const summary = JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));
      const onPosts = nodes.filter((n) => n['Relation Name'] === 'community_posts');
      expect(onPosts, summary).toEqual([
        expect.objectContaining({
          'Node Type': 'Index Scan',
          'Index Name': 'community_posts_pkey',
          'Scan Direction': 'Backward',
        }),
      ]);
      // The viewer's like: one probe of the (post_id, user_id) primary key per post shown.
      expect(nodes.find((n) => n['Relation Name'] === 'post_likes')?.['Index Name'], summary).toBe(
        'post_likes_post_id_user_id_pk',
      );
      expect(
        nodes.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Seq Scan'),
        summary,
      ).toBe(false);
      expect(plan['Node Type'], summary).toBe('Limit');
    }

    // And the API answers from it.
    const first = await page(viewer.cookie, 'limit=20');
    expect(first.posts).toHaveLength(20);
  });
});
