import type { AiModelsResponse } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import type {
  CommunityComment,
  CommunityMember,
  CommunityPost,
  CommunityStats,
  PostLang,
  ReportedPost,
} from '#shared/community.ts';
import { errorResponse, jsonResponse, type StubbedRoute, stubFetch } from '#tests/web-kit/fetch-stub.ts';

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
  /** Answers any request first; undefined falls through to the stub's own answers. */
  override?: StubbedRoute;
};

type Body = Record<string, unknown>;

/**
 * The community's server in memory, as the contract in `src/shared/community.ts` describes it: posts a page at a
 * time (newest first, `nextCursor` the last id of a page), create, edit, delete, like, comments, helpful marks,
 * members, stats, reports and hiding, the AI helpers (echoes) and the community model catalogue.
 */
export function stubCommunityServer(options: CommunityServerOptions = {}) {
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
  const parse = (body: string | undefined): Body => JSON.parse(body ?? '{}') as Body;

  const postPath = /^\/api\/community\/posts\/(\d+)(\/like|\/comments|\/report|\/hidden)?$/;
  const helpfulPath = /^\/api\/community\/comments\/(\d+)\/helpful$/;

  const stub = stubFetch(async (request) => {
    const overridden = await options.override?.(request);
    if (overridden) return overridden;
    const { method } = request;
    const url = new URL(request.path, 'http://localhost');
    const path = url.pathname;

    if (method === 'GET' && request.path === '/api/ai/models?surface=community') return jsonResponse(models);
    if (method === 'GET' && path === '/api/community/posts') {
      const cursor = url.searchParams.get('cursor');
      const after = newestFirst().filter((p) => cursor === null || p.id < Number(cursor));
      const page = after.slice(0, pageSize);
      const more = after.length > page.length;
      return jsonResponse({ posts: page, nextCursor: more ? (page.at(-1)?.id ?? null) : null });
    }
    if (method === 'POST' && path === '/api/community/posts') {
      const body = parse(request.body);
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
      return jsonResponse(post, 201);
    }
    if (method === 'GET' && path === '/api/community/members') {
      return jsonResponse({ members, nextCursor: null });
    }
    if (method === 'GET' && path === '/api/community/stats') return jsonResponse(stats());
    if (method === 'GET' && path === '/api/community/reports') {
      if (!options.canModerate) return errorResponse(403, 'forbidden', 'Moderators only');
      return jsonResponse(reports);
    }
    if (method === 'POST' && path === '/api/community/ai/generate') {
      const body = parse(request.body);
      if (body.mode === 'post')
        return jsonResponse({ text: `Lumara heard: "${String(body.topic)}"`, lang: 'en' });
      if (body.mode === 'improve')
        return jsonResponse({ text: `Improved: ${String(body.body)}`, lang: 'en' });
      const target = body.target === 'es' ? 'es' : 'en';
      return jsonResponse({ text: `[${target}] ${String(body.body)}`, lang: target });
    }

    const helpful = helpfulPath.exec(path);
    if (helpful && method === 'PUT') {
      const id = Number(helpful[1]);
      const value = parse(request.body).helpful === true;
      for (const [postId, list] of comments) {
        comments.set(
          postId,
          list.map((c) => (c.id === id ? { ...c, helpful: value } : c)),
        );
      }
      return jsonResponse({ success: true });
    }

    const match = postPath.exec(path);
    if (match) {
      const id = Number(match[1]);
      const post = posts.find((p) => p.id === id);
      if (!post) return errorResponse(404, 'not_found', 'There is no such post');
      const replace = (next: CommunityPost) => {
        posts = posts.map((p) => (p.id === id ? next : p));
        return next;
      };
      switch (`${method} ${match[2] ?? ''}`) {
        case 'PUT ': {
          const body = parse(request.body);
          return jsonResponse(
            replace({
              ...post,
              title: typeof body.title === 'string' ? body.title : post.title,
              body: typeof body.body === 'string' ? body.body : post.body,
              updated_at: tick(),
            }),
          );
        }
        case 'DELETE ':
          posts = posts.filter((p) => p.id !== id);
          return jsonResponse({ success: true });
        case 'PUT /like': {
          const next = replace({ ...post, liked: !post.liked, likes: post.likes + (post.liked ? -1 : 1) });
          return jsonResponse({ likes: next.likes, liked: next.liked });
        }
        case 'GET /comments':
          return jsonResponse(comments.get(id) ?? []);
        case 'POST /comments': {
          const comment = buildComment(id, {
            author_id: ME.id,
            author_name: ME.name,
            body: String(parse(request.body).body),
          });
          comments.set(id, [...(comments.get(id) ?? []), comment]);
          replace({ ...post, comments_count: post.comments_count + 1 });
          return jsonResponse(comment, 201);
        }
        case 'POST /report':
          return jsonResponse({ success: true }, 201);
        case 'PUT /hidden': {
          const hidden = parse(request.body).hidden === true;
          reports = reports.map((r) => (r.post.id === id ? { ...r, hidden } : r));
          return jsonResponse({ success: true });
        }
      }
    }
    return undefined;
  });

  return {
    ...stub,
    posts: newestFirst,
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
    bodiesTo: <T = Body>(path: string, method = 'POST'): T[] =>
      stub.requestsTo(path, method).map((request) => JSON.parse(request.body ?? '{}') as T),
  };
}
