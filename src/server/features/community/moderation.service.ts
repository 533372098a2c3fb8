import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { OperatorsConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { communityPosts, postReports, profiles, users } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { EventBus } from '#server/lib/infra/event-bus.ts';
import type { ReportedPost } from '#shared/community.ts';
import { namesOperator } from '../auth/operators.ts';
import { authorColumns } from './community-authors.ts';
import { presentPost, selectPostsFor, visiblePost } from './posts.service.ts';

/** How many reported posts the operators' list answers, most recently reported first. */
export const REPORTED_POSTS_CAP = 100;

/**
 * Whether the member runs the community: named by issuer and subject (`ADMIN_SUBJECTS`), or by a verified email
 * (`ADMIN_EMAILS`, a bootstrap); the rule is the sign-in feature's (auth/operators.ts).
 */
export function isOperator(
  db: Db,
  member: Parameters<typeof namesOperator>[1],
  operators: OperatorsConfig,
): Promise<boolean> {
  return namesOperator(db, member, operators);
}

/**
 * A member reports a post they can see. Once per member and post: the primary key (post_id, reporter_id) makes a
 * second report, concurrent or not, a no-op that still answers success (the member's intent is met). Reporting
 * your own post is refused: delete it instead.
 */
export async function reportPost(
  db: Db,
  reporterId: number,
  postId: number,
  reason: string,
  now: Date,
): Promise<void> {
  const [post] = await db
    .select({ authorId: communityPosts.authorId })
    .from(communityPosts)
    .where(visiblePost(postId));
  if (!post) throw notFound('post');
  if (post.authorId === reporterId) {
    throw new AppError('bad_request', say('server.community.ownPostReport'));
  }
  await db.insert(postReports).values({ postId, reporterId, reason, createdAt: now }).onConflictDoNothing();
}

/**
 * The operators' queue: posts with at least one report, hidden ones included, the most recently reported first,
 * each with its reports (newest first). Two queries: the posts, then all their reports at once.
 */
export async function listReportedPosts(db: Db, viewerId: number): Promise<ReportedPost[]> {
  const latest = db
    .select({
      postId: postReports.postId,
      latestAt: sql<Date>`max(${postReports.createdAt})`.as('latest_at'),
    })
    .from(postReports)
    .groupBy(postReports.postId)
    .as('latest');
  const rows = await selectPostsFor(db, viewerId)
    .innerJoin(latest, eq(latest.postId, communityPosts.id))
    .orderBy(desc(latest.latestAt), desc(communityPosts.id))
    .limit(REPORTED_POSTS_CAP);
  if (rows.length === 0) return [];

  const reporter = authorColumns();
  const reports = await db
    .select({
      postId: postReports.postId,
      reporterName: reporter.authorName,
      reason: postReports.reason,
      createdAt: postReports.createdAt,
    })
    .from(postReports)
    .innerJoin(users, eq(users.id, postReports.reporterId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      inArray(
        postReports.postId,
        rows.map((row) => row.post.id),
      ),
    )
    .orderBy(desc(postReports.createdAt), desc(postReports.reporterId));

  return rows.map((row) => ({
    post: presentPost(row),
    hidden: row.post.hiddenAt !== null,
    reports: reports
      .filter((report) => report.postId === row.post.id)
      .map((report) => ({
        reporter_name: report.reporterName,
        reason: report.reason,
        created_at: report.createdAt.toISOString(),
      })),
  }));
}

/**
 * An operator hides a post from everyone, or restores it. Open pages hear `post.deleted` on hide and
 * `post.created` on restore, so their lists update as if it had gone or arrived; repeating either is a no-op
 * that publishes nothing.
 */
export async function setPostHidden(
  db: Db,
  events: EventBus,
  postId: number,
  hidden: boolean,
  now: Date,
): Promise<void> {
  const changed = await db
    .update(communityPosts)
    .set({ hiddenAt: hidden ? now : null })
    .where(
      and(
        eq(communityPosts.id, postId),
        hidden ? isNull(communityPosts.hiddenAt) : isNotNull(communityPosts.hiddenAt),
      ),
    )
    .returning({ id: communityPosts.id });
  if (changed.length === 0) {
    const [exists] = await db
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(eq(communityPosts.id, postId));
    if (!exists) throw notFound('post');
    return;
  }
  events.publish({
    audience: { kind: 'all' },
    event: { type: hidden ? 'post.deleted' : 'post.created', data: { postId } },
  });
}
