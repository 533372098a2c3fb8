import { createMiddleware } from 'hono/factory';
import type { OperatorsConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { type AppEnv, memberIdOf } from '#server/lib/http/app-env.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import {
  createFixedWindowLimiter,
  limitPerMember,
  type RedisLimits,
} from '#server/lib/infra/rate-limiter.ts';
import { successSchema } from '#shared/api.ts';
import {
  COMMUNITY_LIMITS,
  commentListSchema,
  communityCommentSchema,
  communityPostSchema,
  communityStatsSchema,
  createCommentRequestSchema,
  createPostRequestSchema,
  likeResponseSchema,
  markHelpfulRequestSchema,
  memberPageSchema,
  membersQuerySchema,
  postPageSchema,
  postsQuerySchema,
  reportedPostListSchema,
  reportPostRequestSchema,
  setHiddenRequestSchema,
  updatePostRequestSchema,
} from '#shared/community.ts';
import { createComment, listComments, markCommentHelpful } from './comments.service.ts';
import { togglePostLike } from './likes.service.ts';
import { getCommunityStats, listMembers } from './members.service.ts';
import { isOperator, listReportedPosts, reportPost, setPostHidden } from './moderation.service.ts';
import { createPost, deletePost, listPosts, updatePost } from './posts.service.ts';

const postPath = idParams('post');
const commentPath = idParams('comment');

/**
 * The community, plus ours: edit, helpful, stats, reports and hiding.
 * Every route needs a member; reports and hiding need one of the community's operators.
 */
export const communityRoutes = {
  listPosts: apiRoute({
    method: 'get',
    path: '/api/community/posts',
    operationId: 'listCommunityPosts',
    tags: ['Community'],
    summary: 'A page of posts, newest first',
    description:
      "Visible posts, newest first (by id). `nextCursor` is the last post's id when more exist, else null; " +
      'ask again with `cursor` = it (posts with a smaller id: a keyset, so posts arriving meanwhile ' +
      'neither repeat nor skip anything). An empty `cursor=` is the first page; any other bad value ' +
      "**400**. `liked` is the caller's own like.",
    request: { query: queryOf(postsQuerySchema) },
    responses: { 200: json(postPageSchema, 'One page and the cursor of the next') },
  }),
  createPost: apiRoute({
    method: 'post',
    path: '/api/community/posts',
    operationId: 'createCommunityPost',
    tags: ['Community'],
    summary: 'Publish a post',
    description:
      '**201** the post. Title and body are trimmed and stored as sent (never HTML-escaped: render them as ' +
      'text). A non-empty `aiHelpers` marks the post AI Enhanced. 5 posts a minute per member (**429** ' +
      '`rate_limited` with `Retry-After`). The first post earns First Flight. Publishes `post.created`.',
    request: { body: jsonBody(createPostRequestSchema) },
    responses: { 201: json(communityPostSchema, 'The new post') },
  }),
  updatePost: apiRoute({
    method: 'put',
    path: '/api/community/posts/{id}',
    operationId: 'updateCommunityPost',
    tags: ['Community'],
    summary: "Edit a post's title, body, language or AI helpers (author only)",
    description:
      'The post, `updated_at` now. Any of the fields, at least one (`{}` **400**); `aiHelpers` join those ' +
      'recorded. Author only (**403** `forbidden`, nothing changes); a hidden or unknown post **404**. ' +
      'Publishes `post.updated`.',
    request: { params: postPath, body: jsonBody(updatePostRequestSchema) },
    responses: { 200: json(communityPostSchema, 'The post after the edit') },
  }),
  deletePost: apiRoute({
    method: 'delete',
    path: '/api/community/posts/{id}',
    operationId: 'deleteCommunityPost',
    tags: ['Community'],
    summary: 'Delete a post with its likes and comments (author only)',
    description:
      'Its likes, comments and reports go with it. Author only (**403**); a hidden post **404** (it is in ' +
      "the operators' hands). Publishes `post.deleted`.",
    request: { params: postPath },
    responses: { 200: json(successSchema, 'Deleted') },
  }),
  toggleLike: apiRoute({
    method: 'put',
    path: '/api/community/posts/{id}/like',
    operationId: 'togglePostLike',
    tags: ['Community'],
    summary: "Toggle the member's like of a post",
    description:
      "Toggles the caller's like (one per member and post; toggles of one post run one after another, so " +
      "`likes` always equals the likes stored). Publishes `post.liked {postId, likes}`. When the author's " +
      'posts reach 50 likes in all, they earn Community Star. A hidden or unknown post **404**.',
    request: { params: postPath },
    responses: { 200: json(likeResponseSchema, 'The new count, and whether the member likes it now') },
  }),
  listComments: apiRoute({
    method: 'get',
    path: '/api/community/posts/{id}/comments',
    operationId: 'listPostComments',
    tags: ['Community'],
    summary: "A post's comments, oldest first",
    description: 'Oldest first, at most 500 (a cap, not a page). A hidden or unknown post **404**.',
    request: { params: postPath },
    responses: { 200: json(commentListSchema, 'Every comment of the post') },
  }),
  createComment: apiRoute({
    method: 'post',
    path: '/api/community/posts/{id}/comments',
    operationId: 'createPostComment',
    tags: ['Community'],
    summary: 'Comment on a post',
    description:
      '**201** the comment; its body is trimmed. 20 comments a minute per member (**429** with ' +
      '`Retry-After`). Publishes `comment.created {postId, commentId, commentsCount}`. A hidden or unknown ' +
      'post **404**.',
    request: { params: postPath, body: jsonBody(createCommentRequestSchema) },
    responses: { 201: json(communityCommentSchema, 'The new comment') },
  }),
  markHelpful: apiRoute({
    method: 'put',
    path: '/api/community/comments/{id}/helpful',
    operationId: 'setCommentHelpful',
    tags: ['Community'],
    summary: "Mark a comment helpful, or not (the post's author only)",
    description:
      "The comment, marked or unmarked. Only the post's author (**403**). The first time someone else " +
      "marks one of a member's comments, that member earns Glow Mentor; marking a comment on your own post " +
      'that you wrote yourself is allowed and earns nothing. A comment on a hidden post, or an unknown ' +
      'one, **404**.',
    request: { params: commentPath, body: jsonBody(markHelpfulRequestSchema) },
    responses: { 200: json(communityCommentSchema, 'The comment as it now is') },
  }),
  listMembers: apiRoute({
    method: 'get',
    path: '/api/community/members',
    operationId: 'listCommunityMembers',
    tags: ['Community'],
    summary: 'A page of members, newest first',
    description: 'Newest first, keyset on id as for `GET /api/community/posts`.',
    request: { query: queryOf(membersQuerySchema) },
    responses: { 200: json(memberPageSchema, 'One page and the cursor of the next') },
  }),
  stats: apiRoute({
    method: 'get',
    path: '/api/community/stats',
    operationId: 'getCommunityStats',
    tags: ['Community'],
    summary: "The sidebar's numbers, and whether the member moderates",
    description:
      '`totalPosts` and `totalLikes`: visible posts and the likes on them; `activeMembers`: members who ' +
      'posted, commented or liked in the last 30 days; `canModerate`: whether the caller is an operator ' +
      '(their email, lower-cased, is in `ADMIN_EMAILS`).',
    responses: { 200: json(communityStatsSchema, 'Posts, active members, likes') },
  }),
  reportPost: apiRoute({
    method: 'post',
    path: '/api/community/posts/{id}/report',
    operationId: 'reportCommunityPost',
    tags: ['Community'],
    summary: "Report another member's post, once",
    description:
      '`reason` is trimmed. Once per member and post: a second report answers the same and changes ' +
      'nothing. Your own post **400** `bad_request`; a hidden or unknown post **404**.',
    request: { params: postPath, body: jsonBody(reportPostRequestSchema) },
    responses: { 200: json(successSchema, 'Reported') },
  }),
  listReports: apiRoute({
    method: 'get',
    path: '/api/community/reports',
    operationId: 'listPostReports',
    tags: ['Community'],
    summary: 'Reported posts, hidden ones included (operators only)',
    description:
      'Operators only (**403**). Posts with at least one report, hidden ones included, most recently ' +
      "reported first (at most 100); each post's reports newest first.",
    responses: { 200: json(reportedPostListSchema, 'Every reported post with its reports') },
  }),
  setHidden: apiRoute({
    method: 'put',
    path: '/api/community/posts/{id}/hidden',
    operationId: 'setPostHidden',
    tags: ['Community'],
    summary: 'Hide a post from everyone, or show it again (operators only)',
    description:
      'Operators only (**403**, checked first). A hidden post leaves the list and the stats for everyone ' +
      'and answers **404** to members; restoring brings it back. Publishes `post.deleted` on hide and ' +
      '`post.created` on restore (a repeat publishes nothing).',
    request: { params: postPath, body: jsonBody(setHiddenRequestSchema) },
    responses: { 200: json(successSchema, 'Done') },
  }),
};

export function createCommunityRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  now: () => Date;
  events: EventBus;
  /** Who runs the community (config.ts `OperatorsConfig`): they see reports and hide or restore posts. */
  operators: OperatorsConfig;
  /** Count this feature's limits on the servers' shared Redis; in this process when absent. */
  redisLimits?: RedisLimits;
}) {
  const { db, events, now } = deps;
  // This app's own limiters: on the shared Redis when there is one, so the servers behind a load balancer count
  // together; otherwise in memory on the injected clock, so tests can move past a window.
  const minuteOf = (limit: number, prefix: string) =>
    createFixedWindowLimiter({
      limit,
      windowMs: 60_000,
      now: () => now().getTime(),
      redis: deps.redisLimits,
      prefix,
    });
  const limitPosts = limitPerMember(minuteOf(COMMUNITY_LIMITS.postsPerMinute, 'posts'), 'post');
  const limitComments = limitPerMember(minuteOf(COMMUNITY_LIMITS.commentsPerMinute, 'comments'), 'comment');
  const operatorOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (!(await isOperator(db, c.get('member').user, deps.operators))) {
      throw new AppError('forbidden', say('server.community.operatorsOnly'));
    }
    await next();
  });

  // A route's own middleware (a limiter, the operators' check) runs after the session check and before its input
  // is read, as the limits and refusals always did.
  return createApiRouter(deps.requireMember)
    .openapi(communityRoutes.listPosts, async (c) =>
      c.json(await listPosts(db, memberIdOf(c), c.req.valid('query')), 200),
    )
    .openapi({ ...communityRoutes.createPost, middleware: limitPosts }, async (c) =>
      c.json(await createPost(db, events, memberIdOf(c), c.req.valid('json'), now()), 201),
    )
    .openapi(communityRoutes.updatePost, async (c) => {
      const { id } = c.req.valid('param');
      const update = c.req.valid('json');
      if (Object.values(update).every((value) => value === undefined)) {
        throw new AppError('validation_failed', say('server.community.changeSomething'), {
          fields: { '(body)': say('server.validation.nothingToChange') },
        });
      }
      return c.json(await updatePost(db, events, memberIdOf(c), id, update, now()), 200);
    })
    .openapi(communityRoutes.deletePost, async (c) => {
      await deletePost(db, events, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true } as const, 200);
    })
    .openapi(communityRoutes.toggleLike, async (c) =>
      c.json(await togglePostLike(db, events, memberIdOf(c), c.req.valid('param').id, now()), 200),
    )
    .openapi(communityRoutes.listComments, async (c) =>
      c.json(await listComments(db, c.req.valid('param').id), 200),
    )
    .openapi({ ...communityRoutes.createComment, middleware: limitComments }, async (c) => {
      const { id } = c.req.valid('param');
      const { body } = c.req.valid('json');
      return c.json(await createComment(db, events, memberIdOf(c), id, body, now()), 201);
    })
    .openapi(communityRoutes.markHelpful, async (c) => {
      const { id } = c.req.valid('param');
      const { helpful } = c.req.valid('json');
      return c.json(await markCommentHelpful(db, events, memberIdOf(c), id, helpful, now()), 200);
    })
    .openapi(communityRoutes.listMembers, async (c) =>
      c.json(await listMembers(db, c.req.valid('query')), 200),
    )
    .openapi(communityRoutes.stats, async (c) => {
      const stats = await getCommunityStats(db, now());
      const canModerate = await isOperator(db, c.get('member').user, deps.operators);
      return c.json({ ...stats, canModerate }, 200);
    })
    .openapi(communityRoutes.reportPost, async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      await reportPost(db, memberIdOf(c), id, reason, now());
      return c.json({ success: true } as const, 200);
    })
    .openapi({ ...communityRoutes.listReports, middleware: operatorOnly }, async (c) =>
      c.json(await listReportedPosts(db, memberIdOf(c)), 200),
    )
    .openapi({ ...communityRoutes.setHidden, middleware: operatorOnly }, async (c) => {
      const { id } = c.req.valid('param');
      const { hidden } = c.req.valid('json');
      await setPostHidden(db, events, id, hidden, now());
      return c.json({ success: true } as const, 200);
    });
}
