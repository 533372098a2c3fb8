import { z } from 'zod';
import type { AiProviders } from '#server/ai/ai-providers.ts';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody } from '#server/lib/api-route.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { refuseSayingWhy } from '#server/lib/validation.ts';
import { researchRequestSchema, researchResponseSchema } from '#shared/research.ts';
import { type createRequireMember, memberIdOf } from '../auth/require-member.ts';
import { researchTopic } from './research.service.ts';

/** A missing query is no topic at all: it answers as a blank one does. */
const researchBodySchema = researchRequestSchema.extend({
  query: z.preprocess((value) => value ?? '', researchRequestSchema.shape.query),
});

/**
 * `POST /api/research {query}` (part 2 §7): OpenAlex works of the last 10 years with Harvard references and a
 * synthesis.
 */
export const researchRoutes = {
  research: apiRoute({
    method: 'post',
    path: '/api/research',
    tags: ['Research'],
    summary: 'Recent works on a topic, with Harvard references and a short synthesis',
    request: { body: jsonBody(researchBodySchema) },
    responses: { 200: json(researchResponseSchema, 'The works found and the synthesis') },
  }),
};

/** It reaches two external services, so it counts against the member's share of the AI limiter. */
export function createResearchRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  now: () => Date;
}) {
  const routes = createApiRouter();
  routes.use('/api/research', deps.requireMember);
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
 * enter a research topic first ✍️' (part 2 §5), not a generic "some fields are wrong".
 */
