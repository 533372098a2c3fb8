import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { refuseSayingWhy } from '#server/lib/http/validation.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/infra/rate-limiter.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import { researchRequestSchema, researchResponseSchema } from '#shared/research.ts';
import { researchTopic } from './research.service.ts';

/** A missing query is no topic at all: it answers as a blank one does. */
const researchBodySchema = researchRequestSchema.extend({
  query: z.preprocess((value) => value ?? '', researchRequestSchema.shape.query),
});

/**
 * `POST /api/research {query}`: OpenAlex works of the last 10 years with Harvard references and a
 * synthesis.
 */
export const researchRoutes = {
  research: apiRoute({
    method: 'post',
    path: '/api/research',
    operationId: 'researchTopic',
    tags: ['Research'],
    summary: 'Recent works on a topic, with Harvard references and a short synthesis',
    description:
      'Searches OpenAlex (`OPENALEX_BASE_URL`, with `mailto=OPENALEX_MAILTO` when set) for works published ' +
      'from 1 January of `yearMin` = this year − 9: the last 10 publication years including this one (in ' +
      '2026: 2017–2026). The query is trimmed, and `?` and `*` are taken out of it (OpenAlex refuses ' +
      'wildcards).\n\n' +
      "- `count`: OpenAlex's match count.\n" +
      '- `items`: the 8 most relevant. `id` the OpenAlex work id (`W…`); `title` with markup removed ' +
      "('Untitled work' when OpenAlex has none); `year` or null; `harvard` the full reference formatted by " +
      'citeproc (citation-js, the bundled Cite Them Right `harvard1` style, British punctuation); `doiUrl` ' +
      "`https://doi.org/…` or null; `oaUrl` a free copy (OpenAlex's `oa_url`, else the best open " +
      "location's PDF, else its page) or null.\n" +
      "- `synthesis`: 150–200 words from the member's saved chat provider and model, citing only those " +
      "works as (Author, Year); 'Synthesis unavailable.' when the provider is not configured, cannot chat, " +
      'fails, times out or answers nothing (the call still answers 200), and when nothing was found (the ' +
      'model is then not asked).\n\n' +
      "An empty, missing or wildcard-only query **400** with the message 'Please enter a research topic " +
      "first ✍️'. OpenAlex failing: **502** `provider_failed` with OpenAlex's own message ('OpenAlex: …', " +
      "also for an error body sent with status 200) or 'Research search failed' when its answer cannot be " +
      'read; **504** `provider_timeout` after `min(AI_TIMEOUT_MS, 15 s)`. Counts against the per-member AI ' +
      'limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with `Retry-After`).',
    request: { body: jsonBody(researchBodySchema) },
    responses: { 200: json(researchResponseSchema, 'The works found and the synthesis') },
  }),
};

/** It reaches two external services, so it counts against the member's share of the AI limiter. */
export function createResearchRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  now: () => Date;
}) {
  const routes = createApiRouter(deps.requireMember);
  return routes.openapi(
    { ...researchRoutes.research, middleware: limitPerMember(deps.aiLimiter, 'AI') },
    async (c) => {
      const answer = await researchTopic(deps, memberIdOf(c), c.req.valid('json').query, {
        signal: c.req.raw.signal,
        logger: c.get('logger'),
      });
      return c.json(answer, 200);
    },
    (result, c) => refuseSayingWhy('query', result, c),
  );
}

/**
 * The body refused as usual, with the query's own reason as the message: the page shows it as the alert 'Please
 * enter a research topic first ✍️', not a generic "some fields are wrong".
 */
