import { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { queryOf } from '#server/lib/http/query.ts';
import { limitPerMember, type RateLimiter } from '#server/lib/infra/rate-limiter.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import { createLiveModelLists, type LiveModelLists } from '#server/providers/live-models.ts';
import {
  aiChatRequestSchema,
  aiChatResponseSchema,
  aiDiagResponseSchema,
  aiModelsResponseSchema,
  modelSurfaceSchema,
  optimizePromptRequestSchema,
  optimizePromptResponseSchema,
} from '#shared/ai.ts';
import { getAiChoice } from '../profile/profile.service.ts';
import { answerChat, describeAiSetup, listModels, optimizePrompt } from './ai.service.ts';

const modelsQuerySchema = z.object({ surface: modelSurfaceSchema.default('studio') });

/**
 * The AI calls (models, whole-answer chat), the prompt optimizer and the configuration report. Every call is
 * a signed-in member's.
 */
export const aiRoutes = {
  models: apiRoute({
    method: 'get',
    path: '/api/ai/models',
    operationId: 'listAiModels',
    tags: ['AI'],
    summary: "The model catalogue of a surface, the configured providers and the member's saved choice",
    description:
      '`data`: the static catalogue (OpenRouter chat and image; Straico chat, 8 image, 5 video, 3 audio; ' +
      "fal image, video, audio), then, when OpenRouter is configured, `openrouter-live` 'OpenRouter · More " +
      "models': the text models of its public `GET /models` that `AI_ALLOWED_MODELS` allows and the " +
      'catalogue does not list, at most 100 for `studio` and 150 for `community`, `contextLength` or null ' +
      '(none when the operator allowed none), then, when a local server is configured, `local-chat` ' +
      "(`OPENAI_COMPAT_MODELS`, else the server's own `GET /models`). Live lists are kept 10 minutes (1 " +
      'minute after a failure, which is logged as a warning and leaves that category out: the route still ' +
      "answers 200). Chat categories say `canUseTools`: whether their models can use Lumara's tools in a chat " +
      '(OpenRouter and a local server can; Straico cannot, and the studio says so).\n\n' +
      "`configured`: the providers with their key set (`local` by its base URL). `defaults`: the member's " +
      'saved choice, else `openrouter` + `openrouter/auto`. An unknown `surface` **400**.',
    request: { query: queryOf(modelsQuerySchema) },
    responses: { 200: json(aiModelsResponseSchema, 'Model categories, configured providers, saved choice') },
  }),
  diag: apiRoute({
    method: 'get',
    path: '/api/_debug/ai-diag',
    operationId: 'getAiDiagnostics',
    tags: ['AI'],
    summary: 'Which external AI services the operator configured (booleans only)',
    description:
      'Booleans only, never a key, URL or model. `core`: OpenRouter or a local server configured; ' +
      '`falIdeogram`: fal configured; `timestamp`: ISO.',
    responses: { 200: json(aiDiagResponseSchema, 'One boolean per service, and when it was read') },
  }),
  chat: apiRoute({
    method: 'post',
    path: '/api/ai/chat',
    operationId: 'askAiModel',
    tags: ['AI'],
    summary: "Ask the member's model (or the one named) and get the whole answer at once",
    description:
      '`text` = `choices[0].message.content`; `model` is the model that answered (the auto router names ' +
      'its pick). At least one message must have text; messages without text are not sent. `provider` ' +
      '`fal` **400**: it cannot chat.\n\n' +
      "Provider and model, when left out: the member's saved choice (`POST /api/profile/set-ai`; a saved " +
      'provider that cannot chat, fal, counts as none), else `openrouter` + `openrouter/auto`; a model is ' +
      "carried over only with the provider it was saved with, otherwise the provider's first catalogue " +
      'model (the local server: the first of `OPENAI_COMPAT_MODELS`, else **400** asking for a model). A ' +
      'saved model the server no longer offers for chat (or an image, video or audio model) counts as no ' +
      'choice.\n\n' +
      "Only the models the server offers are called: the catalogue's chat models of the provider, " +
      '`AI_ALLOWED_MODELS` (with any provider), and for the local server `OPENAI_COMPAT_MODELS` (any model ' +
      'when that is not set). Another model **400** `validation_failed` naming it, calling no provider.\n\n' +
      'Counts against the per-member AI limits (`AI_RATE_LIMIT_PER_MINUTE` a minute, `AI_DAILY_CALLS_PER_MEMBER` a day; **429** `rate_limited` with ' +
      '`Retry-After`). Provider failures: **503** `provider_not_configured` naming the variable to set, ' +
      "**502** `provider_failed` with the provider's own message, **504** `provider_timeout` " +
      '(`AI_TIMEOUT_MS`, one deadline over every retry).',
    request: { body: jsonBody(aiChatRequestSchema) },
    responses: {
      200: json(aiChatResponseSchema, 'The answer, as `text` and as `choices[0].message.content`'),
    },
  }),
  optimizePrompt: apiRoute({
    method: 'post',
    path: '/api/ai/optimize-prompt',
    operationId: 'optimizePrompt',
    tags: ['AI'],
    summary: 'Rewrite a prompt to be clearer and more specific',
    description:
      '`prompt`: the prompt rewritten clearer and more specific by the chat model (asked for the improved ' +
      'prompt only; wrapping quotes, fences or an "Improved prompt:" label are taken off), or the original ' +
      'prompt when the model gives back nothing. The prompt sent is trimmed. Provider and model, the AI ' +
      'limit and the errors are those of `POST /api/ai/chat`; the page keeps the original prompt on error.',
    request: { body: jsonBody(optimizePromptRequestSchema) },
    responses: { 200: json(optimizePromptResponseSchema, 'The rewritten prompt') },
  }),
};

/**
 * The calls that reach a provider count against the member's share of `aiLimiter`, shared with chat threads and
 * research, before their body is read.
 */
export function createAiRoutes(deps: {
  db: Db;
  requireMember: RequireMember;
  ai: AiProviders;
  aiLimiter: RateLimiter;
  /** Built once per app from `ai` when not handed in; tests hand in their own to control time. */
  liveModels?: LiveModelLists;
  now?: () => Date;
}) {
  const routes = createApiRouter(deps.requireMember);
  const services = { ai: deps.ai, liveModels: deps.liveModels ?? createLiveModelLists(deps.ai) };
  const now = deps.now ?? (() => new Date());
  const limitAi = limitPerMember(deps.aiLimiter, 'AI');

  return routes
    .openapi(aiRoutes.models, async (c) => {
      const { surface } = c.req.valid('query');
      const defaults = await getAiChoice(deps.db, memberIdOf(c));
      return c.json(await listModels(services, surface, defaults, c.get('logger')), 200);
    })
    .openapi(aiRoutes.diag, (c) => c.json(describeAiSetup(deps.ai, now()), 200))
    .openapi({ ...aiRoutes.chat, middleware: [limitAi] as const }, async (c) =>
      c.json(await answerChat(deps.db, deps.ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal), 200),
    )
    .openapi({ ...aiRoutes.optimizePrompt, middleware: [limitAi] as const }, async (c) =>
      c.json(
        await optimizePrompt(deps.db, deps.ai, memberIdOf(c), c.req.valid('json'), c.req.raw.signal),
        200,
      ),
    );
}
