import { Hono } from 'hono';
import type { AiProviders } from '#server/ai/ai-providers.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import { readJson } from '#server/lib/validation.ts';
import {
  communityGenerateRequestSchema,
  generateTextRequestSchema,
  improveTextRequestSchema,
  translateTextRequestSchema,
} from '#shared/community.ts';
import type { createRequireMember } from '../auth/require-member.ts';
import {
  generatePostText,
  improvePostText,
  translatePostText,
  writeWithHelper,
} from './community-ai.service.ts';

/**
 * The community's AI writing helpers (part 2 §7 Community), each answering `{text, lang}`. Members only; every
 * call reaches a provider, so each counts against the member's share of the AI limiter shared with chat,
 * research and the studio.
 */
export function createCommunityAiRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  ai: AiProviders;
  aiLimiter: RateLimiter;
}) {
  const routes = new Hono<AppEnv>();
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const memberId = (c: { get(key: 'member'): { user: { id: number } } }) => c.get('member').user.id;
  // Per route, not `use('/api/community/*')`: the rest of /api/community belongs to the community routes.
  const member = deps.requireMember;

  routes.post('/api/community/ai/generate-text', member, limitAi, async (c) => {
    const request = await readJson(c, generateTextRequestSchema);
    return c.json(await generatePostText(deps.db, deps.ai, memberId(c), request, c.req.raw.signal));
  });

  routes.post('/api/community/ai/improve', member, limitAi, async (c) => {
    const request = await readJson(c, improveTextRequestSchema);
    return c.json(await improvePostText(deps.db, deps.ai, memberId(c), request, c.req.raw.signal));
  });

  routes.post('/api/community/ai/translate', member, limitAi, async (c) => {
    const request = await readJson(c, translateTextRequestSchema);
    return c.json(await translatePostText(deps.db, deps.ai, memberId(c), request, c.req.raw.signal));
  });

  routes.post('/api/community/ai/generate', member, limitAi, async (c) => {
    const request = await readJson(c, communityGenerateRequestSchema);
    return c.json(await writeWithHelper(deps.db, deps.ai, memberId(c), request, c.req.raw.signal));
  });

  return routes;
}
