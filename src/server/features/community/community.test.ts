import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, communityPosts, postComments, postLikes, postReports } from '#server/db/schema.ts';
import type { Delivery } from '#server/lib/infra/event-bus.ts';
import {
  COMMUNITY_LIMITS,
  type CommunityPost,
  commentListSchema,
  communityCommentSchema,
  communityPostSchema,
  communityStatsSchema,
  postPageSchema,
  reportedPostListSchema,
} from '#shared/community.ts';
import { commentAs, createPostAs, toggleLikeAs } from '#tests/factories/community.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The community server: posts, comments, helpful marks,
 * reports and hiding, their rules, events and badges, through the real app on a real database. Likes under
 * concurrency are in community-likes.test.ts; paging, stats and the list's plan in community-lists.test.ts.
 */

const OPERATOR_EMAIL = 'operator.community@example.test';
let t: TestApp;
beforeAll(async () => {
  // The development provider's subject is the email typed, lower-cased (operators.test.ts covers the rule).
  t = await buildTestApp({ operators: { subjects: [{ issuer: 'development', subject: OPERATOR_EMAIL }] } });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof signInMember>>;
const minute = 60_000;

/** Each test's posts come from members of its own, and the clock moves a minute on: no test meets a rate limit. */
async function freshMember(overrides: Parameters<typeof signInMember>[1] = {}): Promise<Member> {
  t.clock.advance(minute);
  return signInMember(t, overrides);
}

function recordEvents() {
  const seen: Delivery[] = [];
  const stop = t.events.subscribe((delivery) => seen.push(delivery));
  return { seen, stop };
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; fields?: object } }).error;
}

async function rowCounts() {
  const of = async (
    table: typeof communityPosts | typeof postComments | typeof postLikes | typeof postReports,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    posts: await of(communityPosts),
    comments: await of(postComments),
    likes: await of(postLikes),
    reports: await of(postReports),
  };
}

async function postRow(id: number) {
  const [row] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, id));
  return row;
}

async function badgesOf(userId: number) {
  const rows = await t.db.select({ type: badges.badgeType }).from(badges).where(eq(badges.userId, userId));
  return rows.map((row) => row.type);
}

async function listPosts(cookie: string, query = '') {
  const response = await t.request(`/api/community/posts${query}`, { cookie });
  expect(response.status).toBe(200);
  return postPageSchema.parse(await response.json());
}

const put = (path: string, cookie: string, body: unknown) => t.request(path, { method: 'PUT', cookie, body });
const post = (path: string, cookie: string, body: unknown) =>
  t.request(path, { method: 'POST', cookie, body });

describe('posts', () => {
  it('publishes a post and lists it newest first, with its author, counts and the viewer’s like', async () => {
    const author = await freshMember({ name: 'Grace Hopper' });
    const response = await post('/api/community/posts', author.cookie, { title: '  First light  ' });
    expect(response.status).toBe(201);
    const first = communityPostSchema.parse(await response.json());
    expect(first).toEqual({
      id: expect.any(Number),
      author_id: author.user.id,
      author_name: 'Grace Hopper',
      author_avatar: null,
      title: 'First light',
      body: '',
      lang: 'auto',
      images: [],
      likes: 0,
      comments_count: 0,
      liked: false,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
      ai_meta: null,
    });
    const second = await createPostAs(t, author.cookie, { body: 'More', lang: 'es' });
    expect(second.lang).toBe('es');

    const viewer = await freshMember();
    await toggleLikeAs(t, viewer.cookie, first.id);
    const { posts } = await listPosts(viewer.cookie);
    const mine = posts.filter((p) => p.author_id === author.user.id);
    expect(mine.map((p) => [p.id, p.liked, p.likes])).toEqual([
      [second.id, false, 0],
      [first.id, true, 1],
    ]);
    // The author did not like it: `liked` is the viewer's own.
    const asAuthor = (await listPosts(author.cookie)).posts.find((p) => p.id === first.id);
    expect(asAuthor).toMatchObject({ liked: false, likes: 1 });
  });

  it('marks a post AI Enhanced with the helpers used, in a fixed order, and edits add to them', async () => {
    const author = await freshMember();
    const plain = await createPostAs(t, author.cookie, { aiHelpers: [] });
    expect(plain.ai_meta).toBeNull();
    const enhanced = await createPostAs(t, author.cookie, {
      aiHelpers: ['translate', 'generate', 'translate'],
    });
    expect(enhanced.ai_meta).toEqual({ helpers: ['generate', 'translate'] });

    const improved = await put(`/api/community/posts/${enhanced.id}`, author.cookie, {
      aiHelpers: ['improve'],
    });
    expect(communityPostSchema.parse(await improved.json()).ai_meta).toEqual({
      helpers: ['generate', 'improve', 'translate'],
    });
    const firstHelper = await put(`/api/community/posts/${plain.id}`, author.cookie, {
      body: 'Now better',
      aiHelpers: ['improve'],
    });
    expect(communityPostSchema.parse(await firstHelper.json()).ai_meta).toEqual({ helpers: ['improve'] });
  });

  it('lets the author edit (bumping updated_at); another member gets 403 and nothing changes', async () => {
    const author = await freshMember();
    const other = await freshMember();
    const created = await createPostAs(t, author.cookie, { title: 'Draft', body: 'Body', lang: 'en' });
    const before = await postRow(created.id);

    const refused = await put(`/api/community/posts/${created.id}`, other.cookie, { title: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    expect(await postRow(created.id)).toEqual(before);

    t.clock.advance(5_000);
    const edited = await put(`/api/community/posts/${created.id}`, author.cookie, {
      title: ' Final ',
      lang: 'es',
    });
    expect(edited.status).toBe(200);
    const after = communityPostSchema.parse(await edited.json());
    expect(after).toMatchObject({ title: 'Final', body: 'Body', lang: 'es', created_at: created.created_at });
    expect(after.updated_at).toBe(t.clock.now().toISOString());

    expect((await put('/api/community/posts/2147483647', author.cookie, { title: 'x' })).status).toBe(404);
    expect((await put('/api/community/posts/abc', author.cookie, { title: 'x' })).status).toBe(404);
  });

  it('lets only the author delete; the post’s likes and comments go with it', async () => {
    const author = await freshMember();
    const other = await freshMember();
    const created = await createPostAs(t, author.cookie);
    await toggleLikeAs(t, other.cookie, created.id);
    await commentAs(t, other.cookie, created.id);
    const before = await postRow(created.id);

    const refused = await t.request(`/api/community/posts/${created.id}`, {
      method: 'DELETE',
      cookie: other.cookie,
    });
    expect(refused.status).toBe(403);
    expect(await postRow(created.id)).toEqual(before);

    const deleted = await t.request(`/api/community/posts/${created.id}`, {
      method: 'DELETE',
      cookie: author.cookie,
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
    expect(await postRow(created.id)).toBeUndefined();
    const likes = await t.db.select().from(postLikes).where(eq(postLikes.postId, created.id));
    const comments = await t.db.select().from(postComments).where(eq(postComments.postId, created.id));
    expect([likes.length, comments.length]).toEqual([0, 0]);
    const again = await t.request(`/api/community/posts/${created.id}`, {
      method: 'DELETE',
      cookie: author.cookie,
    });
    expect(again.status).toBe(404);
  });
});

describe('authorization with real rows', () => {
  it('answers 401 to an anonymous visitor on every route, about a post and comment that exist', async () => {
    const author = await freshMember();
    const created = await createPostAs(t, author.cookie);
    const comment = await commentAs(t, author.cookie, created.id);
    const before = await rowCounts();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/community/posts'],
      ['POST', '/api/community/posts', { title: 'Anonymous' }],
      ['PUT', `/api/community/posts/${created.id}`, { title: 'Anonymous' }],
      ['DELETE', `/api/community/posts/${created.id}`],
      ['PUT', `/api/community/posts/${created.id}/like`, {}],
      ['GET', `/api/community/posts/${created.id}/comments`],
      ['POST', `/api/community/posts/${created.id}/comments`, { body: 'Anonymous' }],
      ['PUT', `/api/community/comments/${comment.id}/helpful`, { helpful: true }],
      ['GET', '/api/community/members'],
      ['GET', '/api/community/stats'],
      ['POST', `/api/community/posts/${created.id}/report`, {}],
      ['GET', '/api/community/reports'],
      ['PUT', `/api/community/posts/${created.id}/hidden`, { hidden: true }],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.request(path, { method, ...(body !== undefined ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('lets another member like, comment on and report a post, but not edit, delete or mark helpful', async () => {
    const author = await freshMember();
    const other = await freshMember();
    const created = await createPostAs(t, author.cookie);
    const comment = await commentAs(t, other.cookie, created.id);
    expect(await toggleLikeAs(t, other.cookie, created.id)).toEqual({ likes: 1, liked: true });
    expect((await post(`/api/community/posts/${created.id}/report`, other.cookie, {})).status).toBe(200);

    const helpful = await put(`/api/community/comments/${comment.id}/helpful`, other.cookie, {
      helpful: true,
    });
    expect(helpful.status).toBe(403);
    const [row] = await t.db.select().from(postComments).where(eq(postComments.id, comment.id));
    expect(row?.helpfulAt).toBeNull();
  });

  it('keeps reports and hiding to operators, named by issuer and subject', async () => {
    const member = await freshMember();
    const operator = await freshMember({ email: 'Operator.Community@Example.TEST' });
    const created = await createPostAs(t, member.cookie);

    const stats = async (cookie: string) =>
      communityStatsSchema.parse(await (await t.request('/api/community/stats', { cookie })).json());
    expect((await stats(member.cookie)).canModerate).toBe(false);
    expect((await stats(operator.cookie)).canModerate).toBe(true);

    expect((await t.request('/api/community/reports', { cookie: member.cookie })).status).toBe(403);
    const hide = await put(`/api/community/posts/${created.id}/hidden`, member.cookie, { hidden: true });
    expect(hide.status).toBe(403);
    expect((await postRow(created.id))?.hiddenAt).toBeNull();

    expect((await t.request('/api/community/reports', { cookie: operator.cookie })).status).toBe(200);
    const unknown = await put('/api/community/posts/2147483647/hidden', operator.cookie, { hidden: true });
    expect(unknown.status).toBe(404);
  });
});

describe('comments and helpful marks', () => {
  it('adds comments oldest first, bumping the post’s count; an unknown post is 404', async () => {
    const author = await freshMember();
    const other = await freshMember({ name: 'Katherine Johnson' });
    const created = await createPostAs(t, author.cookie);
    const first = await commentAs(t, other.cookie, created.id, '  First!  ');
    expect(first).toEqual({
      id: expect.any(Number),
      post_id: created.id,
      author_id: other.user.id,
      author_name: 'Katherine Johnson',
      author_avatar: null,
      body: 'First!',
      created_at: t.clock.now().toISOString(),
      helpful: false,
    });
    const second = await commentAs(t, author.cookie, created.id, 'Thanks');
    const list = await t.request(`/api/community/posts/${created.id}/comments`, { cookie: author.cookie });
    expect(commentListSchema.parse(await list.json()).map((c) => c.id)).toEqual([first.id, second.id]);
    expect((await postRow(created.id))?.commentsCount).toBe(2);

    expect(
      (await t.request('/api/community/posts/2147483647/comments', { cookie: author.cookie })).status,
    ).toBe(404);
    const before = await rowCounts();
    expect(
      (await post('/api/community/posts/2147483647/comments', author.cookie, { body: 'x' })).status,
    ).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('earns Glow Mentor the first time someone else marks a comment helpful, and tells that member only', async () => {
    const author = await freshMember();
    const helper = await freshMember();
    const created = await createPostAs(t, author.cookie);
    const comment = await commentAs(t, helper.cookie, created.id);
    const own = await commentAs(t, author.cookie, created.id, 'Note to self');

    const events = recordEvents();
    try {
      // Marking your own comment is allowed and earns nothing.
      const self = await put(`/api/community/comments/${own.id}/helpful`, author.cookie, { helpful: true });
      expect(communityCommentSchema.parse(await self.json()).helpful).toBe(true);
      expect(await badgesOf(author.user.id)).not.toContain('glow_mentor');

      const marked = await put(`/api/community/comments/${comment.id}/helpful`, author.cookie, {
        helpful: true,
      });
      expect(marked.status).toBe(200);
      expect(communityCommentSchema.parse(await marked.json())).toMatchObject({
        id: comment.id,
        helpful: true,
      });
      expect(await badgesOf(helper.user.id)).toContain('glow_mentor');

      // Unmarked and marked again: still one badge, announced once.
      const unmarked = await put(`/api/community/comments/${comment.id}/helpful`, author.cookie, {
        helpful: false,
      });
      expect(communityCommentSchema.parse(await unmarked.json()).helpful).toBe(false);
      await put(`/api/community/comments/${comment.id}/helpful`, author.cookie, { helpful: true });
    } finally {
      events.stop();
    }
    const badgeEvents = events.seen.filter((d) => d.event.type === 'badge.earned');
    expect(badgeEvents).toEqual([
      {
        audience: { kind: 'member', userId: helper.user.id },
        event: { type: 'badge.earned', data: { badge_type: 'glow_mentor' } },
      },
    ]);
    const list = await t.request(`/api/community/posts/${created.id}/comments`, { cookie: helper.cookie });
    expect(commentListSchema.parse(await list.json()).map((c) => c.helpful)).toEqual([true, true]);
  });
});

describe('badges for posting', () => {
  it('earns First Flight on the first post only, announced to that member alone', async () => {
    const author = await freshMember();
    const events = recordEvents();
    try {
      await createPostAs(t, author.cookie);
      await createPostAs(t, author.cookie);
    } finally {
      events.stop();
    }
    expect(await badgesOf(author.user.id)).toEqual(['first_flight']);
    expect(events.seen.filter((d) => d.event.type === 'badge.earned')).toEqual([
      {
        audience: { kind: 'member', userId: author.user.id },
        event: { type: 'badge.earned', data: { badge_type: 'first_flight' } },
      },
    ]);
  });
});

describe('live events', () => {
  it('publishes creation, edit, like, comment and deletion to every member', async () => {
    const author = await freshMember();
    const other = await freshMember();
    await createPostAs(t, author.cookie); // First Flight out of the way
    const events = recordEvents();
    let created: CommunityPost;
    let commentId: number;
    try {
      created = await createPostAs(t, author.cookie);
      await put(`/api/community/posts/${created.id}`, author.cookie, { body: 'Edited' });
      await toggleLikeAs(t, other.cookie, created.id);
      await toggleLikeAs(t, other.cookie, created.id);
      commentId = (await commentAs(t, other.cookie, created.id)).id;
      await t.request(`/api/community/posts/${created.id}`, { method: 'DELETE', cookie: author.cookie });
    } finally {
      events.stop();
    }
    const postId = created.id;
    expect(events.seen).toEqual(
      [
        { type: 'post.created', data: { postId } },
        { type: 'post.updated', data: { postId } },
        { type: 'post.liked', data: { postId, likes: 1 } },
        { type: 'post.liked', data: { postId, likes: 0 } },
        { type: 'comment.created', data: { postId, commentId, commentsCount: 1 } },
        { type: 'post.deleted', data: { postId } },
      ].map((event) => ({ audience: { kind: 'all' }, event })),
    );
  });

  it('publishes nothing when a request is refused', async () => {
    const author = await freshMember();
    const other = await freshMember();
    const created = await createPostAs(t, author.cookie);
    const events = recordEvents();
    try {
      await put(`/api/community/posts/${created.id}`, other.cookie, { title: 'No' });
      await t.request(`/api/community/posts/${created.id}`, { method: 'DELETE', cookie: other.cookie });
      await post('/api/community/posts', author.cookie, { title: '   ' });
      await post(`/api/community/posts/${created.id}/comments`, other.cookie, { body: '' });
    } finally {
      events.stop();
    }
    expect(events.seen).toEqual([]);
  });
});

describe('validation', () => {
  const tooLong = (n: number) => 'x'.repeat(n + 1);

  it.each([
    ['an empty title', { title: '' }],
    ['a whitespace title', { title: ' \n\t ' }],
    ['no title', { body: 'Only a body' }],
    ['a title too long', { title: tooLong(COMMUNITY_LIMITS.titleMax) }],
    ['a body too long', { title: 'ok', body: tooLong(COMMUNITY_LIMITS.bodyMax) }],
    ['an unknown lang', { title: 'ok', lang: 'fr' }],
    ['an unknown AI helper', { title: 'ok', aiHelpers: ['summon'] }],
    ['a NUL in the title', { title: 'a\u0000b' }],
    ['a NUL in the body', { title: 'ok', body: 'a\u0000b' }],
    ['a title that is not text', { title: 42 }],
    ['an array', [{ title: 'ok' }]],
  ])('refuses a new post with %s: 400 and nothing written', async (_name, body) => {
    const author = await freshMember();
    const before = await rowCounts();
    const response = await post('/api/community/posts', author.cookie, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('validation_failed');
    expect(await rowCounts()).toEqual(before);
    expect(await badgesOf(author.user.id)).toEqual([]);
  });

  it('refuses malformed JSON with 400', async () => {
    const author = await freshMember();
    const response = await post('/api/community/posts', author.cookie, '{"title":');
    expect(response.status).toBe(400);
  });

  it('refuses an edit that changes nothing or breaks a rule: 400 and the post unchanged', async () => {
    const author = await freshMember();
    const created = await createPostAs(t, author.cookie);
    const before = await postRow(created.id);
    for (const body of [
      {},
      { title: '  ' },
      { title: tooLong(COMMUNITY_LIMITS.titleMax) },
      { body: tooLong(COMMUNITY_LIMITS.bodyMax) },
      { lang: 'de' },
      { aiHelpers: ['x'] },
    ]) {
      const response = await put(`/api/community/posts/${created.id}`, author.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await postRow(created.id)).toEqual(before);
  });

  it('refuses an empty, whitespace, too long or NUL comment: 400 and nothing written', async () => {
    const author = await freshMember();
    const created = await createPostAs(t, author.cookie);
    const before = await rowCounts();
    for (const body of [
      { body: '' },
      { body: '   ' },
      { body: tooLong(COMMUNITY_LIMITS.commentMax) },
      {},
      { body: '\u0000' },
    ]) {
      const response = await post(`/api/community/posts/${created.id}/comments`, author.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
    expect((await postRow(created.id))?.commentsCount).toBe(0);
  });

  it.each([
    'cursor=0',
    'cursor=-1',
    'cursor=abc',
    'cursor=1.5',
    'cursor=2147483648',
    'limit=0',
    'limit=51',
    'limit=abc',
    'limit=2.5',
  ])('refuses a bad page query ?%s with 400', async (query) => {
    const member = await freshMember();
    for (const path of ['/api/community/posts', '/api/community/members']) {
      const response = await t.request(`${path}?${query}`, { cookie: member.cookie });
      expect(response.status, path).toBe(400);
      expect((await errorOf(response)).code).toBe('validation_failed');
    }
  });

  it('treats an empty cursor as the first page', async () => {
    const member = await freshMember();
    const response = await t.request('/api/community/posts?cursor=&limit=', { cookie: member.cookie });
    expect(response.status).toBe(200);
  });

  it('refuses a bad report or hidden body with 400', async () => {
    const author = await freshMember();
    const reporter = await freshMember();
    const operator = await freshMember({ email: OPERATOR_EMAIL });
    const created = await createPostAs(t, author.cookie);
    const before = await rowCounts();
    const report = await post(`/api/community/posts/${created.id}/report`, reporter.cookie, {
      reason: tooLong(COMMUNITY_LIMITS.reportReasonMax),
    });
    expect(report.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
    for (const body of [{}, { hidden: 'yes' }]) {
      const response = await put(`/api/community/posts/${created.id}/hidden`, operator.cookie, body);
      expect(response.status).toBe(400);
    }
    expect((await postRow(created.id))?.hiddenAt).toBeNull();
    const helpful = await put(`/api/community/comments/1/helpful`, author.cookie, { helpful: 'yes' });
    expect(helpful.status).toBe(400);
  });
});

describe('text is stored and answered as sent', () => {
  const corpus = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '"><svg onload=alert(1)>',
    "{{constructor.constructor('alert(1)')()}}",
    '\u202Egnp.exe\u202C and \u200F right-to-left',
    '</textarea><iframe srcdoc="<script>alert(1)</script>">',
    "'; DROP TABLE community_posts; --",
    '&lt;b&gt;already escaped&lt;/b&gt; &amp; \\u003cscript\\u003e',
    '$' + '{7*7} <%= 7*7 %> \u2028\u2029 🦜👩🏽‍💻',
  ];

  it('keeps titles, bodies and comments byte-identical in JSON answers', async () => {
    const author = await freshMember();
    for (const text of corpus) {
      t.clock.advance(minute); // past the post rate limit
      const response = await post('/api/community/posts', author.cookie, { title: text, body: text });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const created = communityPostSchema.parse(await response.json());
      expect([created.title, created.body]).toEqual([text, text]);
      const comment = await commentAs(t, author.cookie, created.id, text);
      expect(comment.body).toBe(text);

      const listed = await t.request('/api/community/posts?limit=1', { cookie: author.cookie });
      expect(listed.headers.get('content-type')).toMatch(/^application\/json/);
      const [first] = postPageSchema.parse(await listed.json()).posts;
      expect([first?.title, first?.body]).toEqual([text, text]);
      const comments = await t.request(`/api/community/posts/${created.id}/comments`, {
        cookie: author.cookie,
      });
      expect(comments.headers.get('content-type')).toMatch(/^application\/json/);
      expect(commentListSchema.parse(await comments.json())[0]?.body).toBe(text);
      const row = await postRow(created.id);
      expect([row?.title, row?.body]).toEqual([text, text]);
    }
  });
});

describe('rate limits', () => {
  it('allows 5 posts a minute per member, then 429 with Retry-After, and again after the minute', async () => {
    const author = await freshMember();
    const other = await freshMember();
    for (let i = 0; i < COMMUNITY_LIMITS.postsPerMinute; i++) await createPostAs(t, author.cookie);
    const before = await rowCounts();
    const refused = await post('/api/community/posts', author.cookie, { title: 'One too many' });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowCounts()).toEqual(before);
    // Per member: someone else still posts.
    await createPostAs(t, other.cookie);
    t.clock.advance(minute);
    await createPostAs(t, author.cookie);
  });

  it('allows 20 comments a minute per member, then 429 with Retry-After', async () => {
    const author = await freshMember();
    const created = await createPostAs(t, author.cookie);
    for (let i = 0; i < COMMUNITY_LIMITS.commentsPerMinute; i++)
      await commentAs(t, author.cookie, created.id);
    const refused = await post(`/api/community/posts/${created.id}/comments`, author.cookie, {
      body: 'more',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await postRow(created.id))?.commentsCount).toBe(COMMUNITY_LIMITS.commentsPerMinute);
  });
});

describe('reports and hiding', () => {
  it('takes one report per member, refuses reporting your own post, and lists reports for operators', async () => {
    const author = await freshMember({ name: 'Author A' });
    const reporter = await freshMember({ name: 'Reporter R' });
    const second = await freshMember({ name: 'Reporter S' });
    const operator = await freshMember({ email: OPERATOR_EMAIL });
    const older = await createPostAs(t, author.cookie, { title: 'Older reported' });
    const newer = await createPostAs(t, author.cookie, { title: 'Newer reported' });

    const own = await post(`/api/community/posts/${older.id}/report`, author.cookie, { reason: 'me' });
    expect(own.status).toBe(400);
    expect((await errorOf(own)).message).toMatch(/your own post/);

    const at = t.clock.now();
    expect(
      (await post(`/api/community/posts/${older.id}/report`, reporter.cookie, { reason: ' spam ' })).status,
    ).toBe(200);
    t.clock.advance(1_000);
    const again = await post(`/api/community/posts/${older.id}/report`, reporter.cookie, {
      reason: 'changed',
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true });
    t.clock.advance(1_000);
    await post(`/api/community/posts/${newer.id}/report`, reporter.cookie, {});
    t.clock.advance(1_000);
    await post(`/api/community/posts/${older.id}/report`, second.cookie, { reason: '<b>rude</b>' });

    const response = await t.request('/api/community/reports', { cookie: operator.cookie });
    const reported = reportedPostListSchema
      .parse(await response.json())
      .filter((r) => [older.id, newer.id].includes(r.post.id));
    // Most recently reported first: `older` was reported last.
    expect(reported.map((r) => [r.post.id, r.hidden])).toEqual([
      [older.id, false],
      [newer.id, false],
    ]);
    expect(reported[0]?.reports).toEqual([
      { reporter_name: 'Reporter S', reason: '<b>rude</b>', created_at: expect.any(String) },
      { reporter_name: 'Reporter R', reason: 'spam', created_at: at.toISOString() },
    ]);
    expect(reported[1]?.reports).toEqual([
      { reporter_name: 'Reporter R', reason: '', created_at: expect.any(String) },
    ]);
  });

  it('hides a post from everyone (404 to edit, like, comment, report) and restores it', async () => {
    const author = await freshMember();
    const reader = await freshMember();
    const operator = await freshMember({ email: OPERATOR_EMAIL });
    const created = await createPostAs(t, author.cookie, { title: 'To be hidden' });
    const comment = await commentAs(t, reader.cookie, created.id);
    await post(`/api/community/posts/${created.id}/report`, reader.cookie, { reason: 'off topic' });

    const events = recordEvents();
    try {
      const hide = await put(`/api/community/posts/${created.id}/hidden`, operator.cookie, { hidden: true });
      expect(hide.status).toBe(200);
      expect(await hide.json()).toEqual({ success: true });
      // Hiding twice changes nothing and announces nothing.
      await put(`/api/community/posts/${created.id}/hidden`, operator.cookie, { hidden: true });
    } finally {
      events.stop();
    }
    expect(events.seen).toEqual([
      { audience: { kind: 'all' }, event: { type: 'post.deleted', data: { postId: created.id } } },
    ]);

    for (const member of [author, reader, operator]) {
      expect((await listPosts(member.cookie)).posts.map((p) => p.id)).not.toContain(created.id);
    }
    const before = await rowCounts();
    const beforeRow = await postRow(created.id);
    const attempts: [string, string, unknown?][] = [
      ['PUT', `/api/community/posts/${created.id}`, { title: 'Edited while hidden' }],
      ['DELETE', `/api/community/posts/${created.id}`],
      ['PUT', `/api/community/posts/${created.id}/like`, {}],
      ['GET', `/api/community/posts/${created.id}/comments`],
      ['POST', `/api/community/posts/${created.id}/comments`, { body: 'Hello?' }],
      ['PUT', `/api/community/comments/${comment.id}/helpful`, { helpful: true }],
      ['POST', `/api/community/posts/${created.id}/report`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.request(path, {
        method,
        cookie: method === 'POST' ? reader.cookie : author.cookie,
        ...(body !== undefined ? { body } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await rowCounts()).toEqual(before);
    expect(await postRow(created.id)).toEqual(beforeRow);

    const queue = reportedPostListSchema.parse(
      await (await t.request('/api/community/reports', { cookie: operator.cookie })).json(),
    );
    expect(queue.find((r) => r.post.id === created.id)).toMatchObject({ hidden: true });

    const restoreEvents = recordEvents();
    try {
      const restore = await put(`/api/community/posts/${created.id}/hidden`, operator.cookie, {
        hidden: false,
      });
      expect(restore.status).toBe(200);
    } finally {
      restoreEvents.stop();
    }
    expect(restoreEvents.seen).toEqual([
      { audience: { kind: 'all' }, event: { type: 'post.created', data: { postId: created.id } } },
    ]);
    expect((await listPosts(reader.cookie)).posts.map((p) => p.id)).toContain(created.id);
    expect(await toggleLikeAs(t, reader.cookie, created.id)).toEqual({ likes: 1, liked: true });
  });
});
