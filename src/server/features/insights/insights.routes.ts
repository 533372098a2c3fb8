import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/infra/rate-limiter.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import {
  INSIGHTS_LIMITS,
  insightsQuerySchema,
  insightsSchema,
  weeklyReviewRequestSchema,
  weeklyReviewSchema,
} from '#shared/insights.ts';
import { getInsights } from './insights.service.ts';
import { writeWeeklyReview } from './weekly-review.service.ts';

/** `GET /api/insights` (ours): the member's focus and completed tasks over a range of their days. */
export const insightsRoutes = {
  get: apiRoute({
    method: 'get',
    path: '/api/insights',
    operationId: 'getInsights',
    scopes: ['focus:read'],
    tags: ['Insights'],
    summary:
      "The member's focus and completed tasks by day, week, task and label; the streak; a year of focus",
    description:
      "Ours: the member's own figures, every day being theirs in the zone asked for (`time_zone`), else the " +
      "profile's, else UTC (an unknown zone **400** with `fields.time_zone`). `from` and `to` (`YYYY-MM-DD`, " +
      `both included) are at most ${INSIGHTS_LIMITS.rangeDaysMax} days apart, \`from\` not after \`to\` ` +
      '(else **400** `validation_failed` naming `from`); `to` defaults to today, `from` to the 30 days ending at ' +
      '`to`.\n\n' +
      '`days`: every day of the range: focus minutes (the planned length of each focus session completed that ' +
      'day) and sessions, and tasks completed (each completion: a repeating task counts once per occurrence ' +
      'completed; tasks since deleted are left out). `weeks`: the same by Monday week, only days in the range ' +
      "counted. `by_task` and `by_label`: the range's focus by the task the session named (`null`: none) and " +
      `by that task's labels (a task with two counts for both; \`null\`: no label or no task), at most ` +
      `${INSIGHTS_LIMITS.breakdownRows} rows, the most first. \`streak\`: days in a row with a completed focus ` +
      'session or task, `current` ending today or yesterday, `longest` ever. `heatmap`: focus minutes of the 365 ' +
      'days ending at `to`. `this_week` and `last_week`: the Monday week holding `to` and the one before, with ' +
      'their active days.',
    request: { query: queryOf(insightsQuerySchema) },
    responses: { 200: json(insightsSchema, "The member's figures over the range") },
  }),
  weeklyReview: apiRoute({
    method: 'post',
    path: '/api/insights/weekly-review',
    operationId: 'writeWeeklyReview',
    tags: ['Insights'],
    summary: "This week's numbers beside last week's, and an AI-written summary of them",
    description:
      "Ours: this week's and last week's numbers (as `GET /api/insights` answers them for today), the streak, " +
      "the task and label most focused on this week, and the member's chosen chat model's summary of those " +
      "figures in the request's language (`lang`), as plain text of at most " +
      `${INSIGHTS_LIMITS.reviewCharsMax} characters (markup taken off). Nothing is posted or kept.\n\n` +
      "Provider and model: the member's saved chat choice, as for `POST /api/ai/chat`; an unconfigured provider " +
      '**503**. Counts against the per-member AI limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, ' +
      '`AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with `Retry-After`). An empty answer **502** ' +
      "`provider_failed` 'The model answered nothing'.",
    request: { body: jsonBody(weeklyReviewRequestSchema) },
    responses: { 200: json(weeklyReviewSchema, 'The week in numbers and its summary') },
  }),
};

export function createInsightsRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  now: () => Date;
}) {
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  return createApiRouter(deps.requireMember)
    .openapi(insightsRoutes.get, async (c) =>
      c.json(await getInsights(deps.db, memberIdOf(c), c.req.valid('query'), deps.now()), 200),
    )
    .openapi({ ...insightsRoutes.weeklyReview, middleware: limitAi }, async (c) =>
      c.json(
        await writeWeeklyReview(
          deps.db,
          deps.ai,
          memberIdOf(c),
          c.req.valid('json'),
          deps.now(),
          c.req.raw.signal,
        ),
        200,
      ),
    );
}
