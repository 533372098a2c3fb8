import type { AiProviders } from '#server/ai/ai-providers.ts';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody } from '#server/lib/api-route.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/rate-limiter.ts';
import {
  communityAiResponseSchema,
  communityGenerateRequestSchema,
  generateTextRequestSchema,
  improveTextRequestSchema,
  translateTextRequestSchema,
} from '#shared/community.ts';
import { type createRequireMember, memberIdOf } from '../auth/require-member.ts';
import {
  generatePostText,
  improvePostText,
  translatePostText,
  writeWithHelper,
} from './community-ai.service.ts';

const written = { 200: json(communityAiResponseSchema, 'The text written, and its language') };

/** The community's AI writing helpers (part 2 §7 Community), each answering `{text, lang}`. */
export const communityAiRoutes = {
  generateText: apiRoute({
    method: 'post',
    path: '/api/community/ai/generate-text',
    tags: ['Community AI'],
    summary: 'Write a post about a topic, in a vibe',
    request: { body: jsonBody(generateTextRequestSchema) },
    responses: written,
  }),
  improve: apiRoute({
    method: 'post',
    path: '/api/community/ai/improve',
    tags: ['Community AI'],
    summary: "Improve a post's text",
    request: { body: jsonBody(improveTextRequestSchema) },
    responses: written,
  }),
  translate: apiRoute({
    method: 'post',
    path: '/api/community/ai/translate',
    tags: ['Community AI'],
    summary: "Translate a post's text into English or Spanish",
    request: { body: jsonBody(translateTextRequestSchema) },
    responses: written,
  }),
  generate: apiRoute({
    method: 'post',
    path: '/api/community/ai/generate',
    tags: ['Community AI'],
    summary: 'Write, improve or translate (by `mode`): the one call the page uses',
    request: { body: jsonBody(communityGenerateRequestSchema) },
    responses: written,
  }),
};

/**
 * Members only; every call reaches a provider, so each counts against the member's share of the AI limiter
 * shared with chat, research and the studio, before its body is read.
 */
export function createCommunityAiRoutes(deps: {
  db: Db;
  requireMember: ReturnType<typeof createRequireMember>;
  ai: AiProviders;
  aiLimiter: RateLimiter;
}) {
  const routes = createApiRouter();
  // Per route, not `use('/api/community/*')`: the rest of /api/community belongs to the community routes.
  const memberAndLimit = [deps.requireMember, limitPerMember(deps.aiLimiter, 'AI')];
  const { db, ai } = deps;

  return routes
    .openapi({ ...communityAiRoutes.generateText, middleware: memberAndLimit }, async (c) =>
      c.json(await generatePostText(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    )
    .openapi({ ...communityAiRoutes.improve, middleware: memberAndLimit }, async (c) =>
      c.json(await improvePostText(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    )
    .openapi({ ...communityAiRoutes.translate, middleware: memberAndLimit }, async (c) =>
      c.json(await translatePostText(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    )
    .openapi({ ...communityAiRoutes.generate, middleware: memberAndLimit }, async (c) =>
      c.json(await writeWithHelper(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    );
}
