import { Hono } from 'hono';
import { z } from 'zod';
import type { AiProviders } from '#server/ai/ai-providers.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/errors.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { readJson } from '#server/lib/validation.ts';
import { researchRequestSchema } from '#shared/research.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { researchTopic } from './research.service.ts';

/**
 * `POST /api/research {query}` (part 2 §7): OpenAlex works of the last 10 years with Harvard references and a
 * synthesis. It reaches two external services, so it counts against the member's share of the AI limiter.
 */
export function createResearchRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  now: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  routes.use('/api/research', deps.requireMember);

  routes.post('/api/research', limitPerMember(deps.aiLimiter, 'AI'), async (c) => {
    const { query } = await readResearchRequest(c);
    const answer = await researchTopic(deps, c.get('member').user.id, query, {
      signal: c.req.raw.signal,
      logger: c.get('logger'),
    });
    return c.json(answer);
  });

  return routes;
}

/** A missing query is no topic at all: it answers as a blank one does. */
const researchBodySchema = researchRequestSchema.extend({
  query: z.preprocess((value) => value ?? '', researchRequestSchema.shape.query),
});

/**
 * The body, with the query's own reason as the message: the page shows it as the alert 'Please enter a research
 * topic first ✍️' (part 2 §5), not a generic "some fields are wrong".
 */
async function readResearchRequest(c: Parameters<typeof readJson>[0]) {
  try {
    return await readJson(c, researchBodySchema);
  } catch (error) {
    const reason = error instanceof AppError ? error.fields?.query : undefined;
    if (error instanceof AppError && reason !== undefined) {
      throw new AppError(error.code, reason, error.fields ? { fields: error.fields } : undefined);
    }
    throw error;
  }
}
