import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/errors.ts';
import { parsePathId } from '#server/lib/path-id.ts';
import { createFixedWindowLimiter, limitPerMember } from '#server/lib/rate-limiter.ts';
import { parseWith, readJson } from '#server/lib/validation.ts';
import {
  COMMUNITY_LIMITS,
  commentIdParamSchema,
  createCommentRequestSchema,
  createPostRequestSchema,
  markHelpfulRequestSchema,
  membersQuerySchema,
  postIdParamSchema,
  postsQuerySchema,
  reportPostRequestSchema,
  setHiddenRequestSchema,
  updatePostRequestSchema,
} from '#shared/community.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import type { EventBus } from '../events/event-bus.ts';
import { createComment, listComments, markCommentHelpful } from './comments.service.ts';
import { togglePostLike } from './likes.service.ts';
import { getCommunityStats, listMembers } from './members.service.ts';
import { isOperator, listReportedPosts, reportPost, setPostHidden } from './moderation.service.ts';
import { createPost, deletePost, listPosts, updatePost } from './posts.service.ts';

type MemberContext = Context<AppEnv>;
const memberId = (c: MemberContext) => c.get('member').user.id;
const postId = (c: MemberContext) => parsePathId(postIdParamSchema, c.req.param('id'), 'That post');

/**
 * A query string through its schema. An empty value (`?cursor=`) counts as absent, so a client can always send
 * `cursor=${nextCursor ?? ''}`; anything else that does not parse is a 400.
 */
function readQuery<S extends z.ZodType>(c: MemberContext, schema: S): z.infer<S> {
  const present = Object.entries(c.req.query()).filter(([, value]) => value !== '');
  return parseWith(schema, Object.fromEntries(present));
}

/**
 * The community (part 2 §2 Community page, §7 Community), plus ours: edit, helpful, stats, reports and hiding.
 * Every route needs a member. `requireMember` is attached per route, not as `/api/community/*` middleware,
 * because the AI helpers under `/api/community/ai/*` are another feature's routes with their own guards.
 */
export function createCommunityRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  now: () => Date;
  events: EventBus;
  adminEmails: readonly string[];
}) {
  const { db, events, now } = deps;
  const member = deps.requireMember;
  // This app's own limiters, on the injected clock so tests can move past a window. Per server: behind a load
  // balancer each counts on its own (rate-limiter.ts says why that is acceptable until Redis arrives).
  const minuteOf = (limit: number) =>
    createFixedWindowLimiter({ limit, windowMs: 60_000, now: () => now().getTime() });
  const limitPosts = limitPerMember(minuteOf(COMMUNITY_LIMITS.postsPerMinute), 'post');
  const limitComments = limitPerMember(minuteOf(COMMUNITY_LIMITS.commentsPerMinute), 'comment');
  const operatorOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (!isOperator(c.get('member').user.email, deps.adminEmails)) {
      throw new AppError('forbidden', 'Only the community operators can do that');
    }
    await next();
  });

  const routes = new Hono<AppEnv>();

  routes.get('/api/community/posts', member, async (c) => {
    const page = readQuery(c, postsQuerySchema);
    return c.json(await listPosts(db, memberId(c), page));
  });

  routes.post('/api/community/posts', member, limitPosts, async (c) => {
    const input = await readJson(c, createPostRequestSchema);
    return c.json(await createPost(db, events, memberId(c), input, now()), 201);
  });

  routes.put('/api/community/posts/:id', member, async (c) => {
    const id = postId(c);
    const update = await readJson(c, updatePostRequestSchema);
    if (Object.values(update).every((value) => value === undefined)) {
      throw new AppError('validation_failed', 'Change at least one of title, body, lang or aiHelpers', {
        fields: { '(body)': 'Nothing to change' },
      });
    }
    return c.json(await updatePost(db, events, memberId(c), id, update, now()));
  });

  routes.delete('/api/community/posts/:id', member, async (c) => {
    await deletePost(db, events, memberId(c), postId(c));
    return c.json({ success: true });
  });

  routes.put('/api/community/posts/:id/like', member, async (c) => {
    return c.json(await togglePostLike(db, events, memberId(c), postId(c), now()));
  });

  routes.get('/api/community/posts/:id/comments', member, async (c) => {
    return c.json(await listComments(db, postId(c)));
  });

  routes.post('/api/community/posts/:id/comments', member, limitComments, async (c) => {
    const id = postId(c);
    const { body } = await readJson(c, createCommentRequestSchema);
    return c.json(await createComment(db, events, memberId(c), id, body, now()), 201);
  });

  routes.put('/api/community/comments/:id/helpful', member, async (c) => {
    const id = parsePathId(commentIdParamSchema, c.req.param('id'), 'That comment');
    const { helpful } = await readJson(c, markHelpfulRequestSchema);
    return c.json(await markCommentHelpful(db, events, memberId(c), id, helpful, now()));
  });

  routes.get('/api/community/members', member, async (c) => {
    return c.json(await listMembers(db, readQuery(c, membersQuerySchema)));
  });

  routes.get('/api/community/stats', member, async (c) => {
    const stats = await getCommunityStats(db, now());
    return c.json({ ...stats, canModerate: isOperator(c.get('member').user.email, deps.adminEmails) });
  });

  routes.post('/api/community/posts/:id/report', member, async (c) => {
    const id = postId(c);
    const { reason } = await readJson(c, reportPostRequestSchema);
    await reportPost(db, memberId(c), id, reason, now());
    return c.json({ success: true });
  });

  routes.get('/api/community/reports', member, operatorOnly, async (c) => {
    return c.json(await listReportedPosts(db, memberId(c)));
  });

  routes.put('/api/community/posts/:id/hidden', member, operatorOnly, async (c) => {
    const id = postId(c);
    const { hidden } = await readJson(c, setHiddenRequestSchema);
    await setPostHidden(db, events, id, hidden, now());
    return c.json({ success: true });
  });

  return routes;
}
