import { Hono } from 'hono';
import { z } from 'zod';
import type { AiProviders } from '#server/ai/ai-providers.ts';
import { createLiveModelLists, type LiveModelLists } from '#server/ai/live-models.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { parseWith, readJson } from '#server/lib/validation.ts';
import { aiChatRequestSchema, modelSurfaceSchema, optimizePromptRequestSchema } from '#shared/ai.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import { getAiChoice } from '../profile/profile.service.ts';
import { answerChat, describeAiSetup, listModels, optimizePrompt } from './ai.service.ts';

const modelsQuerySchema = z.object({ surface: modelSurfaceSchema.default('studio') });

/**
 * The AI calls of part 2 §7 (models, whole-answer chat), the prompt optimizer (architecture: the path the spec
 * hides) and the configuration report of part 1 §7. Every call is a signed-in member's; the ones that reach a
 * provider count against the member's share of `aiLimiter`, shared with chat threads and research.
 */
export function createAiRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  /** Built once per app from `ai` when not handed in; tests hand in their own to control time. */
  liveModels?: LiveModelLists;
  now?: () => Date;
}) {
  const routes = new Hono<AppEnv>();
  const services = { ai: deps.ai, liveModels: deps.liveModels ?? createLiveModelLists(deps.ai) };
  const now = deps.now ?? (() => new Date());
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;
  routes.use('/api/ai/*', deps.requireMember);

  routes.get('/api/ai/models', async (c) => {
    const { surface } = parseWith(modelsQuerySchema, { surface: c.req.query('surface') });
    const defaults = await getAiChoice(deps.db, memberId(c));
    return c.json(await listModels(services, surface, defaults, c.get('logger')));
  });

  routes.get('/api/_debug/ai-diag', deps.requireMember, (c) => c.json(describeAiSetup(deps.ai, now())));

  routes.post('/api/ai/chat', limitAi, async (c) => {
    const request = await readJson(c, aiChatRequestSchema);
    return c.json(await answerChat(deps.db, deps.ai, memberId(c), request, c.req.raw.signal));
  });

  routes.post('/api/ai/optimize-prompt', limitAi, async (c) => {
    const request = await readJson(c, optimizePromptRequestSchema);
    return c.json(await optimizePrompt(deps.db, deps.ai, memberId(c), request, c.req.raw.signal));
  });

  return routes;
}
