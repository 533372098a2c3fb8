import { type HttpHandler, http } from 'msw';
import { type AiModelsResponse, aiModelsResponseSchema } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { successSchema } from '#shared/api.ts';
import {
  type CommunityComment,
  type CommunityMember,
  type CommunityPost,
  type CommunityStats,
  commentListSchema,
  communityAiResponseSchema,
  communityCommentSchema,
  communityGenerateRequestSchema,
  communityPostSchema,
  communityStatsSchema,
  createCommentRequestSchema,
  createPostRequestSchema,
  likeResponseSchema,
  markHelpfulRequestSchema,
  memberPageSchema,
  type PostLang,
  postPageSchema,
  type ReportedPost,
  reportedPostListSchema,
  reportPostRequestSchema,
  setHiddenRequestSchema,
  updatePostRequestSchema,
} from '#shared/community.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { bodiesTo, requestsTo, server } from '#tests/web-kit/msw-server.ts';

/** The member the community tests sign in as (buildUser's id). */
export const ME = { id: 1, name: 'Ada Lovelace' } as const;
export const OTHER = { id: 2, name: 'Grace Hopper' } as const;

let clock = Date.parse('2026-11-22T18:00:00.000Z');
let nextId = 1000;

function tick(): string {
  clock += 60_000;
  return new Date(clock).toISOString();
}

export function buildPost(overrides: Partial<CommunityPost> = {}): CommunityPost {
  nextId += 1;
  const created = tick();
  return {
    id: nextId,
    author_id: OTHER.id,
    author_name: OTHER.name,
    author_avatar: null,
    title: `Post ${nextId}`,
    body: `Body of post ${nextId}`,
    lang: 'auto',
    images: [],
    likes: 0,
    comments_count: 0,
    liked: false,
    created_at: created,
    updated_at: created,
    ai_meta: null,
    ...overrides,
  };
}

export function buildComment(postId: number, overrides: Partial<CommunityComment> = {}): CommunityComment {
  nextId += 1;
  return {
    id: nextId,
    post_id: postId,
    author_id: OTHER.id,
    author_name: OTHER.name,
    author_avatar: null,
    body: `Comment ${nextId}`,
    created_at: tick(),
    helpful: false,
    ...overrides,
  };
}

export function buildMember(overrides: Partial<CommunityMember> = {}): CommunityMember {
  nextId += 1;
  return { id: nextId, display_name: `Member ${nextId}`, created_at: tick(), ...overrides };
}

export function buildCommunityModels(overrides: Partial<AiModelsResponse> = {}): AiModelsResponse {
  return {
    data: [...staticModelCatalogue],
    configured: ['openrouter', 'straico'],
    defaults: { provider: 'openrouter', model: 'openrouter/auto' },
    ...overrides,
  };
}

export type CommunityServerOptions = {
  posts?: CommunityPost[];
  comments?: Record<number, CommunityComment[]>;
  members?: CommunityMember[];
  models?: AiModelsResponse;
  canModerate?: boolean;
  reports?: ReportedPost[];
  pageSize?: number;
  /**
   * A test's own handlers, asked first; one that answers nothing (e.g. after waiting on a gate) lets the request
   * fall through to the community's.
   */
  overrides?: HttpHandler[];
};

type Body = Record<string, unknown>;

/**
 * The community's server in memory on the test's MSW server, as the contract in `src/shared/community.ts`
 * describes it: posts a page at a time (newest first, `nextCursor` the last id of a page), create, edit, delete,
 * like, comments, helpful marks, members, stats, reports and hiding, the AI helpers (echoes) and the community
 * model catalogue. Bodies are checked against the contract's request schemas and answered as sent (the echoes
 * keep what the member typed, spaces and all); answers are read with its response schemas.
 */
export function serveCommunity(options: CommunityServerOptions = {}) {
  let posts = [...(options.posts ?? [])];
  const comments = new Map<number, CommunityComment[]>(
    Object.entries(options.comments ?? {}).map(([id, list]) => [Number(id), [...list]]),
  );
  const members = options.members ?? [];
  const models = options.models ?? buildCommunityModels();
  let reports = [...(options.reports ?? [])];
  const pageSize = options.pageSize ?? 20;

  const newestFirst = () => [...posts].sort((a, b) => b.id - a.id);
  const stats = (): CommunityStats => ({
    totalPosts: posts.length,
    activeMembers: new Set(posts.map((p) => p.author_id)).size,
    totalLikes: posts.reduce((sum, p) => sum + p.likes, 0),
    canModerate: options.canModerate ?? false,
  });
  const findPost = (id: unknown) => posts.find((p) => p.id === Number(id));
  const noSuchPost = () => errorResponse(404, 'not_found', 'There is no such post');
  const replace = (next: CommunityPost) => {
    posts = posts.map((p) => (p.id === next.id ? next : p));
    return next;
  };
  /** The body as sent, once the contract's schema for it has accepted it. */
  const readBody = async (request: Request, schema: { parse: (body: unknown) => unknown }): Promise<Body> => {
    const body = (await request.json()) as Body;
    schema.parse(body);
    return body;
  };

  server.use(
    http.get('/api/ai/models', ({ request }) => {
      // Any other catalogue is a mistake of the page: thrown, MSW answers 500 and logs it, failing the test.
      if (new URL(request.url).searchParams.get('surface') !== 'community') {
        throw new Error(`The community asks for its own catalogue, not ${request.url}`);
      }
      return contractAnswer(aiModelsResponseSchema, models);
    }),
    http.get('/api/community/posts', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const after = newestFirst().filter((p) => cursor === null || p.id < Number(cursor));
      const page = after.slice(0, pageSize);
      const more = after.length > page.length;
      return contractAnswer(postPageSchema, {
        posts: page,
        nextCursor: more ? (page.at(-1)?.id ?? null) : null,
      });
    }),
    http.post('/api/community/posts', async ({ request }) => {
      const body = await readBody(request, createPostRequestSchema);
      const helpers = body.aiHelpers as NonNullable<CommunityPost['ai_meta']>['helpers'] | undefined;
      const post = buildPost({
        author_id: ME.id,
        author_name: ME.name,
        title: String(body.title),
        body: String(body.body ?? ''),
        lang: (body.lang as PostLang | undefined) ?? 'auto',
        ai_meta: helpers?.length ? { helpers } : null,
      });
      posts = [...posts, post];
      return contractAnswer(communityPostSchema, post, 201);
    }),
    http.get('/api/community/members', () => contractAnswer(memberPageSchema, { members, nextCursor: null })),
    http.get('/api/community/stats', () => contractAnswer(communityStatsSchema, stats())),
    http.get('/api/community/reports', () =>
      options.canModerate
        ? contractAnswer(reportedPostListSchema, reports)
        : errorResponse(403, 'forbidden', 'Moderators only'),
    ),
    http.post('/api/community/ai/generate', async ({ request }) => {
      const body = await readBody(request, communityGenerateRequestSchema);
      const answer =
        body.mode === 'post'
          ? { text: `Lumara heard: "${String(body.topic)}"`, lang: 'en' as const }
          : body.mode === 'improve'
            ? { text: `Improved: ${String(body.body)}`, lang: 'en' as const }
            : body.target === 'es'
              ? { text: `[es] ${String(body.body)}`, lang: 'es' as const }
              : { text: `[en] ${String(body.body)}`, lang: 'en' as const };
      return contractAnswer(communityAiResponseSchema, answer);
    }),
    http.put('/api/community/comments/:id/helpful', async ({ params, request }) => {
      const id = Number(params.id);
      const value = (await readBody(request, markHelpfulRequestSchema)).helpful === true;
      for (const [postId, list] of comments) {
        comments.set(
          postId,
          list.map((c) => (c.id === id ? { ...c, helpful: value } : c)),
        );
      }
      return contractAnswer(successSchema, { success: true });
    }),
    http.put('/api/community/posts/:id', async ({ params, request }) => {
      const post = findPost(params.id);
      if (!post) return noSuchPost();
      const body = await readBody(request, updatePostRequestSchema);
      return contractAnswer(
        communityPostSchema,
        replace({
          ...post,
          title: typeof body.title === 'string' ? body.title : post.title,
          body: typeof body.body === 'string' ? body.body : post.body,
          updated_at: tick(),
        }),
      );
    }),
    http.delete('/api/community/posts/:id', ({ params }) => {
      const post = findPost(params.id);
      if (!post) return noSuchPost();
      posts = posts.filter((p) => p.id !== post.id);
      return contractAnswer(successSchema, { success: true });
    }),
    http.put('/api/community/posts/:id/like', ({ params }) => {
      const post = findPost(params.id);
      if (!post) return noSuchPost();
      const next = replace({ ...post, liked: !post.liked, likes: post.likes + (post.liked ? -1 : 1) });
      return contractAnswer(likeResponseSchema, { likes: next.likes, liked: next.liked });
    }),
    http.get('/api/community/posts/:id/comments', ({ params }) => {
      const post = findPost(params.id);
      if (!post) return noSuchPost();
      return contractAnswer(commentListSchema, comments.get(post.id) ?? []);
    }),
    http.post('/api/community/posts/:id/comments', async ({ params, request }) => {
      const post = findPost(params.id);
      if (!post) return noSuchPost();
      const comment = buildComment(post.id, {
        author_id: ME.id,
        author_name: ME.name,
        body: String((await readBody(request, createCommentRequestSchema)).body),
      });
      comments.set(post.id, [...(comments.get(post.id) ?? []), comment]);
      replace({ ...post, comments_count: post.comments_count + 1 });
      return contractAnswer(communityCommentSchema, comment, 201);
    }),
    http.post('/api/community/posts/:id/report', async ({ params, request }) => {
      if (!findPost(params.id)) return noSuchPost();
      await readBody(request, reportPostRequestSchema);
      return contractAnswer(successSchema, { success: true }, 201);
    }),
    http.put('/api/community/posts/:id/hidden', async ({ params, request }) => {
      const post = findPost(params.id);
      if (!post) return noSuchPost();
      const hidden = (await readBody(request, setHiddenRequestSchema)).hidden === true;
      reports = reports.map((r) => (r.post.id === post.id ? { ...r, hidden } : r));
      return contractAnswer(successSchema, { success: true });
    }),
  );
  // Last in, so asked first.
  if (options.overrides?.length) server.use(...options.overrides);

  return {
    posts: newestFirst,
    requestsTo,
    /** Changes a post as another member's action would (a like, a comment), without telling the page. */
    setPost(id: number, change: Partial<CommunityPost>) {
      posts = posts.map((p) => (p.id === id ? { ...p, ...change } : p));
    },
    addPost(post: CommunityPost) {
      posts = [...posts, post];
    },
    removePost(id: number) {
      posts = posts.filter((p) => p.id !== id);
    },
    addComment(comment: CommunityComment) {
      comments.set(comment.post_id, [...(comments.get(comment.post_id) ?? []), comment]);
    },
    /** The JSON bodies sent to `path`, parsed. */
    bodiesTo,
  };
}
