import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/infra/rate-limiter.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import {
  communityAiResponseSchema,
  communityGenerateRequestSchema,
  generateTextRequestSchema,
  improveTextRequestSchema,
  translateTextRequestSchema,
} from '#shared/community.ts';
import {
  generatePostText,
  improvePostText,
  translatePostText,
  writeWithHelper,
} from './community-ai.service.ts';

const written = { 200: json(communityAiResponseSchema, 'The text written, and its language') };

/** The community's AI writing helpers, each answering `{text, lang}`. */
export const communityAiRoutes = {
  generateText: apiRoute({
    method: 'post',
    path: '/api/community/ai/generate-text',
    operationId: 'generatePostText',
    tags: ['Community AI'],
    summary: 'Write a post about a topic, in a vibe',
    description:
      'A short post body (2–4 sentences) about the topic in the vibe; `topic` is trimmed. `lang` `auto`: ' +
      'the language the topic is written in, answered as `auto`; `en` or `es`: that language, answered as ' +
      'given.\n\n' +
      'Provider and model as for `POST /api/ai/chat` (`fal` **400**). Counts against the per-member AI ' +
      'limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with `Retry-After`). The text is trimmed ' +
      'and the wrapping a model adds anyway (tags, a code fence, quotes, a lead-in line) is taken off; an ' +
      "empty answer **502** `provider_failed` 'The model answered nothing'.",
    request: { body: jsonBody(generateTextRequestSchema) },
    responses: written,
  }),
  improve: apiRoute({
    method: 'post',
    path: '/api/community/ai/improve',
    operationId: 'improvePostText',
    tags: ['Community AI'],
    summary: "Improve a post's text",
    description:
      'The text clearer and livelier, with the same meaning, facts and language; `lang` is always `auto`. ' +
      '`body` is trimmed; no `goals` unless sent.\n\n' +
      'Provider and model as for `POST /api/ai/chat` (`fal` **400**). Counts against the per-member AI ' +
      'limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with `Retry-After`). The text is trimmed ' +
      'and the wrapping a model adds anyway (tags, a code fence, quotes, a lead-in line) is taken off; an ' +
      "empty answer **502** `provider_failed` 'The model answered nothing'.",
    request: { body: jsonBody(improveTextRequestSchema) },
    responses: written,
  }),
  translate: apiRoute({
    method: 'post',
    path: '/api/community/ai/translate',
    operationId: 'translatePostText',
    tags: ['Community AI'],
    summary: "Translate a post's text into English or Spanish",
    description:
      'The text in Spanish (`es`) or English (`en`); `lang` is the `target`. `body` is trimmed; any other ' +
      '`target` **400**.\n\n' +
      'Provider and model as for `POST /api/ai/chat` (`fal` **400**). Counts against the per-member AI ' +
      'limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with `Retry-After`). The text is trimmed ' +
      'and the wrapping a model adds anyway (tags, a code fence, quotes, a lead-in line) is taken off; an ' +
      "empty answer **502** `provider_failed` 'The model answered nothing'.",
    request: { body: jsonBody(translateTextRequestSchema) },
    responses: written,
  }),
  generate: apiRoute({
    method: 'post',
    path: '/api/community/ai/generate',
    operationId: 'assistPostText',
    tags: ['Community AI'],
    summary: 'Write, improve or translate (by `mode`): the one call the page uses',
    description:
      '`mode` `post` takes the body of `POST /api/community/ai/generate-text`, `improve` that of ' +
      '`/improve`, `translate` that of `/translate`, and answers as that call; an unknown `mode` **400**.',
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
  requireMember: RequireMember;
  ai: AiProviders;
  aiLimiter: RateLimiter;
}) {
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');
  const { db, ai } = deps;

  return createApiRouter(deps.requireMember)
    .openapi({ ...communityAiRoutes.generateText, middleware: limitAi }, async (c) =>
      c.json(await generatePostText(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    )
    .openapi({ ...communityAiRoutes.improve, middleware: limitAi }, async (c) =>
      c.json(await improvePostText(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    )
    .openapi({ ...communityAiRoutes.translate, middleware: limitAi }, async (c) =>
      c.json(await translatePostText(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    )
    .openapi({ ...communityAiRoutes.generate, middleware: limitAi }, async (c) =>
      c.json(await writeWithHelper(db, ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    );
}
