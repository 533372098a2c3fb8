import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { createAiProviders } from '#server/providers/ai-providers.ts';
import { createAllowedModels } from '#server/providers/allowed-models.ts';
import { CONVERSATION_REPLY } from '#server/providers/chat-provider.ts';
import type { LiveModelLists } from '#server/providers/live-models.ts';
import {
  AI_LIMITS,
  type AiChatResponse,
  type AiModelsResponse,
  aiChatResponseSchema,
  aiDiagResponseSchema,
  aiModelsResponseSchema,
  optimizePromptResponseSchema,
} from '#shared/ai.ts';
import { categoriesOf, staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { signInMember } from '#tests/factories/members.ts';
import { startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
  whitespaceFlood,
} from '#tests/fakes/openai-compatible-server.ts';
import {
  FAKE_STRAICO_API_KEY,
  type FakeStraicoServer,
  startFakeStraicoServer,
} from '#tests/fakes/straico-server.ts';
import { buildTestApp, type TestApp, testAiConfig } from '#tests/setup/test-app.ts';
import {
  cleanOptimizedPrompt,
  LIVE_CATEGORY,
  LOCAL_CATEGORY,
  listModels,
  OPTIMIZER_REPLY,
  PROMPT_OPTIMIZER_INSTRUCTIONS,
  resolveChatChoice,
} from './ai.service.ts';

/**
 * The AI calls (models, whole-answer chat), the prompt optimizer, the configuration report and
 * `POST /api/profile/set-ai`, through the real app against the local provider fakes: nothing reaches the internet.
 */

const FAL_KEY = 'fal-key-id:fal-key-secret-for-tests';
/** The ids of the 200 models the fake OpenRouter lists (tests/fakes/openai-compatible-server.ts). */
const LIVE_IDS = Array.from({ length: 200 }, (_, i) => `vendor${i % 7}/model-${i + 1}`);

let openRouter: FakeOpenAiServer;
let ollama: FakeOpenAiServer;
let straico: FakeStraicoServer;
let broken: TestServer;
/** Every provider configured (local through its live listing), logging into `logLines`. */
let t: TestApp;
/** Nothing configured, as a fresh install. */
let bare: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  [openRouter, ollama, straico] = await Promise.all([
    startFakeOpenAiServer(),
    startFakeOpenAiServer({ flavor: 'ollama' }),
    startFakeStraicoServer(),
  ]);
  // A provider having a bad day: every call answers 500 with a page.
  broken = await startTestServer((_request, response) => response.writeHead(500).end('<h1>oops</h1>'), {
    host: '127.0.0.1',
  });
  // More live models than any surface shows, set before the app's first (and, with the cache, only) read.
  openRouter.setModelCount(200);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  [t, bare] = await Promise.all([
    buildTestApp({
      logger: createLogger('debug', sink),
      ai: {
        openRouter: { apiKey: FAKE_API_KEY, baseUrl: openRouter.baseUrl },
        straico: { apiKey: FAKE_STRAICO_API_KEY, baseUrl: straico.baseUrl },
        fal: { apiKey: FAL_KEY, baseUrl: broken.origin, queueUrl: broken.origin },
        openAiCompatible: { baseUrl: ollama.baseUrl, apiKey: undefined, models: [] },
        timeoutMs: 1_500,
        // The first 190 of the 200 live models the fake lists, so every surface has more allowed than it shows.
        allowedModels: LIVE_IDS.slice(0, 190),
      },
    }),
    buildTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  await Promise.all([openRouter.close(), ollama.close(), straico.close(), broken.close()]);
});
beforeEach(() => {
  openRouter.reset();
  ollama.reset();
  straico.reset();
});

const chat = (app: TestApp, cookie: string, body: unknown) =>
  app.request('/api/ai/chat', { method: 'POST', cookie, body });
const optimize = (app: TestApp, cookie: string, body: unknown) =>
  app.request('/api/ai/optimize-prompt', { method: 'POST', cookie, body });
const setAi = (app: TestApp, cookie: string, body: unknown) =>
  app.request('/api/profile/set-ai', { method: 'POST', cookie, body });

async function modelsOf(app: TestApp, cookie: string, query = ''): Promise<AiModelsResponse> {
  const response = await app.request(`/api/ai/models${query}`, { cookie });
  expect(response.status).toBe(200);
  return aiModelsResponseSchema.parse(await response.json());
}

async function errorOf(response: Response, status: number) {
  expect(response.status).toBe(status);
  return apiErrorBodySchema.parse(await response.json()).error;
}

async function replyOf(response: Response): Promise<AiChatResponse> {
  expect(response.status).toBe(200);
  return aiChatResponseSchema.parse(await response.json());
}

const hello = { messages: [{ role: 'user', content: 'Hello parrot' }] };

describe('GET /api/ai/models', () => {
  it('answers the static catalogue when nothing is configured: Straico lists 8 image, 5 video, 3 audio', async () => {
    const { cookie } = await signInMember(bare);
    const models = await modelsOf(bare, cookie);

    expect(models.data).toEqual(staticModelCatalogue);
    const straicoCount = (kind: string) =>
      categoriesOf(models.data, 'straico')
        .filter((c) => c.kind === kind)
        .reduce((sum, c) => sum + c.models.length, 0);
    expect([straicoCount('image'), straicoCount('video'), straicoCount('audio')]).toEqual([8, 5, 3]);
    expect(models.configured).toEqual([]);
    expect(models.defaults).toEqual({ provider: 'openrouter', model: 'openrouter/auto' });
  });

  it('merges the OpenRouter live models the operator allowed, capped at 100 in the studio and 150 in the community, read once', async () => {
    const { cookie } = await signInMember(t);
    const studio = await modelsOf(t, cookie);
    const explicitStudio = await modelsOf(t, cookie, '?surface=studio');
    const community = await modelsOf(t, cookie, '?surface=community');

    const live = (models: AiModelsResponse) => models.data.find((c) => c.id === LIVE_CATEGORY.id);
    expect(live(studio)).toMatchObject({
      label: 'OpenRouter · More models',
      provider: 'openrouter',
      kind: 'chat',
    });
    expect(live(studio)?.models).toHaveLength(100);
    expect(live(explicitStudio)?.models).toHaveLength(100);
    expect(live(community)?.models).toHaveLength(150);
    // Context length as OpenRouter gives it; the fake sends null for every fifth model.
    expect(live(studio)?.models.slice(0, 2)).toEqual([
      { id: 'vendor0/model-1', label: 'Vendor 0: Model 1', contextLength: null },
      { id: 'vendor1/model-2', label: 'Vendor 1: Model 2', contextLength: 16384 },
    ]);
    // The static catalogue comes first and whole.
    expect(studio.data.slice(0, staticModelCatalogue.length)).toEqual(staticModelCatalogue);
    expect(studio.configured).toEqual(['openrouter', 'straico', 'fal', 'local']);
    // Three calls, one read of the list (this is the first test to ask `t`): the rest came from the cache.
    expect(openRouter.requests.filter((r) => r.path === '/models')).toHaveLength(1);
  });

  it('lists the local server’s models from its live listing', async () => {
    const { cookie } = await signInMember(t);
    const models = await modelsOf(t, cookie);
    const local = models.data.find((c) => c.id === LOCAL_CATEGORY.id);
    expect(local).toMatchObject({ provider: 'local', kind: 'chat' });
    expect(local?.models[0]).toEqual({
      id: 'local-model-1:latest',
      label: 'local-model-1:latest',
      contextLength: null,
    });
    expect(local?.models).toHaveLength(100);
  });

  it('lists the models the operator named instead of asking the local server', async () => {
    const app = await buildTestApp({
      ai: {
        openAiCompatible: { baseUrl: ollama.baseUrl, apiKey: undefined, models: ['llama3.2', 'qwen2.5:7b'] },
      },
    });
    try {
      const { cookie } = await signInMember(app);
      const models = await modelsOf(app, cookie);
      expect(models.data.find((c) => c.id === LOCAL_CATEGORY.id)?.models).toEqual([
        { id: 'llama3.2', label: 'llama3.2' },
        { id: 'qwen2.5:7b', label: 'qwen2.5:7b' },
      ]);
      expect(models.configured).toEqual(['local']);
      expect(ollama.requests).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('still answers the static catalogue when a live list fails, and logs a warning once', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildTestApp({
      logger: createLogger('info', sink),
      ai: {
        openRouter: { apiKey: FAKE_API_KEY, baseUrl: `${broken.origin}/api/v1` },
        openAiCompatible: { baseUrl: `${broken.origin}/v1`, apiKey: undefined, models: [] },
        maxRetries: 0,
      },
    });
    try {
      const { cookie } = await signInMember(app);
      expect((await modelsOf(app, cookie)).data).toEqual(staticModelCatalogue);
      // The failure is remembered for a minute: the second view neither asks again nor warns again.
      expect((await modelsOf(app, cookie, '?surface=community')).data).toEqual(staticModelCatalogue);
      const warnings = lines.map((line) => JSON.parse(line)).filter((line) => line.level === 40);
      expect(warnings.map((w) => w.provider).sort()).toEqual(['local', 'openrouter']);
      expect(warnings[0]?.msg).toMatch(/live model list unavailable/);
    } finally {
      await app.close();
    }
  });

  it('answers the member’s saved choice as the defaults', async () => {
    const { cookie } = await signInMember(t);
    await setAi(t, cookie, { aiProvider: 'straico', aiModel: 'anthropic/claude-3.5-sonnet' });
    expect((await modelsOf(t, cookie)).defaults).toEqual({
      provider: 'straico',
      model: 'anthropic/claude-3.5-sonnet',
    });
  });

  it('refuses a surface it does not know', async () => {
    const { cookie } = await signInMember(t);
    const error = await errorOf(await t.request('/api/ai/models?surface=everywhere', { cookie }), 400);
    expect(error.fields).toHaveProperty('surface');
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.request('/api/ai/models')).status).toBe(401);
  });
});

describe('GET /api/_debug/ai-diag', () => {
  it('reports configured providers as booleans and nothing secret', async () => {
    const { cookie } = await signInMember(t);
    const response = await t.request('/api/_debug/ai-diag', { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    const diag = aiDiagResponseSchema.strict().parse(JSON.parse(text));
    expect(diag).toEqual({
      core: true,
      fal: true,
      falIdeogram: true,
      openrouter: true,
      straico: true,
      local: true,
      timestamp: expect.any(String),
    });
    expect(new Date(diag.timestamp).toISOString()).toBe(diag.timestamp);
    for (const secret of [FAKE_API_KEY, FAKE_STRAICO_API_KEY, FAL_KEY, 'fal-key-secret', '127.0.0.1']) {
      expect(text).not.toContain(secret);
    }
  });

  it('reports everything off on a server told nothing', async () => {
    const { cookie } = await signInMember(bare);
    const diag = aiDiagResponseSchema.parse(
      await (await bare.request('/api/_debug/ai-diag', { cookie })).json(),
    );
    expect(diag).toMatchObject({
      core: false,
      fal: false,
      falIdeogram: false,
      openrouter: false,
      straico: false,
      local: false,
    });
  });

  it('counts a local model alone as the core being configured', async () => {
    const app = await buildTestApp({
      ai: { openAiCompatible: { baseUrl: ollama.baseUrl, apiKey: undefined, models: ['llama3.2'] } },
    });
    try {
      const { cookie } = await signInMember(app);
      const diag = aiDiagResponseSchema.parse(
        await (await app.request('/api/_debug/ai-diag', { cookie })).json(),
      );
      expect(diag).toMatchObject({ core: true, openrouter: false, local: true });
    } finally {
      await app.close();
    }
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.request('/api/_debug/ai-diag')).status).toBe(401);
  });
});

describe('POST /api/ai/chat', () => {
  it('answers readable as choices[0].message.content and as text, naming the model the auto router chose', async () => {
    const { cookie } = await signInMember(t);
    const reply = await replyOf(await chat(t, cookie, hello));

    expect(reply).toEqual({
      text: 'Lumara heard: "Hello parrot"',
      provider: 'openrouter',
      model: 'openai/gpt-4o-mini',
      choices: [{ message: { role: 'assistant', content: 'Lumara heard: "Hello parrot"' } }],
    });
    const [request] = openRouter.chatRequests();
    expect(request?.body.model).toBe('openrouter/auto');
    expect(request?.body.messages).toEqual(hello.messages);
  });

  it('sends the model and the whole conversation it is given, leaving out messages with no text', async () => {
    const { cookie } = await signInMember(t);
    const messages = [
      { role: 'system', content: 'You are a parrot.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'Again?' },
    ];
    const reply = await replyOf(
      await chat(t, cookie, { messages, provider: 'openrouter', model: 'anthropic/claude-sonnet-4.5' }),
    );
    expect(reply.text).toBe('Lumara heard: "Again?"');
    const [request] = openRouter.chatRequests();
    expect(request?.body.model).toBe('anthropic/claude-sonnet-4.5');
    expect(request?.body.messages).toEqual([messages[0], messages[1], messages[3]]);
  });

  it('uses the member’s saved provider and model when the call names neither', async () => {
    const { cookie } = await signInMember(t);
    expect(
      (await setAi(t, cookie, { aiProvider: 'straico', aiModel: 'anthropic/claude-3.5-sonnet' })).status,
    ).toBe(200);
    const reply = await replyOf(await chat(t, cookie, hello));

    expect(reply).toMatchObject({ provider: 'straico', model: 'anthropic/claude-3.5-sonnet' });
    expect(reply.text).toBe('Lumara heard: "Hello parrot"');
    expect(straico.completionRequests()[0]?.body).toEqual({
      model: 'anthropic/claude-3.5-sonnet',
      message: 'Hello parrot',
      max_tokens: CONVERSATION_REPLY.maxTokens,
    });
    expect(openRouter.chatRequests()).toHaveLength(0);
  });

  it('uses the saved model on the saved provider, and another provider’s first model otherwise', async () => {
    const { cookie } = await signInMember(t);
    await setAi(t, cookie, { aiProvider: 'openrouter', aiModel: 'google/gemini-2.5-flash' });
    await replyOf(await chat(t, cookie, { ...hello, provider: 'openrouter' }));
    expect(openRouter.chatRequests()[0]?.body.model).toBe('google/gemini-2.5-flash');

    const onStraico = await replyOf(await chat(t, cookie, { ...hello, provider: 'straico' }));
    expect(onStraico.model).toBe('openai/gpt-4o-mini');
    expect(straico.completionRequests()[0]?.body.model).toBe('openai/gpt-4o-mini');
  });

  it('falls back to OpenRouter’s default when the saved provider cannot chat', async () => {
    const { cookie } = await signInMember(t);
    await setAi(t, cookie, { aiProvider: 'fal', aiModel: 'fal-ai/flux/schnell' });
    const reply = await replyOf(await chat(t, cookie, hello));
    expect(reply.provider).toBe('openrouter');
    expect(openRouter.chatRequests()[0]?.body.model).toBe('openrouter/auto');
  });

  it('talks to the local server with the model it is given', async () => {
    const { cookie } = await signInMember(t);
    const reply = await replyOf(await chat(t, cookie, { ...hello, provider: 'local', model: 'llama3.2' }));
    expect(reply).toMatchObject({
      provider: 'local',
      model: 'llama3.2',
      text: 'Lumara heard: "Hello parrot"',
    });
    expect(ollama.chatRequests()[0]?.body.max_tokens).toBe(CONVERSATION_REPLY.maxTokens);
  });

  it('asks for at most CONVERSATION_REPLY.maxTokens, and reads no more of the answer than a message holds', async () => {
    const { cookie } = await signInMember(t);
    openRouter.enqueue({ kind: 'reply', text: 'y'.repeat(50_000) });
    const reply = await replyOf(await chat(t, cookie, hello));
    expect(reply.text).toBe('y'.repeat(AI_LIMITS.messageMax));
    expect(openRouter.chatRequests()[0]?.body.max_tokens).toBe(CONVERSATION_REPLY.maxTokens);
  });

  it('asks for a model when the local server has none configured and none is given', async () => {
    const { cookie } = await signInMember(t);
    const error = await errorOf(await chat(t, cookie, { ...hello, provider: 'local' }), 400);
    expect(error.fields).toHaveProperty('model');
    expect(ollama.requests).toHaveLength(0);
  });

  it('answers 503 naming OPENROUTER_API_KEY when OpenRouter is not configured', async () => {
    const { cookie } = await signInMember(bare);
    const error = await errorOf(await chat(bare, cookie, hello), 503);
    expect(error.code).toBe('provider_not_configured');
    expect(error.message).toContain('OPENROUTER_API_KEY');
  });

  it('answers 502 with the provider’s message when the provider fails', async () => {
    const { cookie } = await signInMember(t);
    const error = await errorOf(
      await chat(t, cookie, { messages: [{ role: 'user', content: '[fail]' }] }),
      502,
    );
    expect(error).toEqual({ code: 'provider_failed', message: 'OpenRouter: Internal Server Error' });
  });

  it('answers 504 when the provider never answers', async () => {
    const { cookie } = await signInMember(t);
    const error = await errorOf(
      await chat(t, cookie, { messages: [{ role: 'user', content: '[hang]' }] }),
      504,
    );
    expect(error.code).toBe('provider_timeout');
  });

  it('answers 400 to fal, which makes media and cannot chat, without calling anyone', async () => {
    const { cookie } = await signInMember(t);
    const error = await errorOf(await chat(t, cookie, { ...hello, provider: 'fal' }), 400);
    expect(error.code).toBe('bad_request');
    expect(error.message).toMatch(/fal\.ai makes images/);
  });

  it.each([
    ['no messages', { messages: [] }],
    ['only blank messages', { messages: [{ role: 'user', content: '   ' }] }],
    ['no messages field', { model: 'openrouter/auto' }],
    ['an unknown role', { messages: [{ role: 'tool', content: 'x' }] }],
    ['a bad model id', { ...hello, model: 'gpt 4; drop table' }],
    ['an unknown provider', { ...hello, provider: 'openai' }],
    ['too many messages', { messages: Array.from({ length: 61 }, () => ({ role: 'user', content: 'x' })) }],
    ['a message too long', { messages: [{ role: 'user', content: 'x'.repeat(20_001) }] }],
    ['a body that is not JSON', '{"messages": ['],
  ])('answers 400 to %s, calling no provider', async (_name, body) => {
    const { cookie } = await signInMember(t);
    const error = await errorOf(await chat(t, cookie, body), 400);
    expect(['validation_failed', 'bad_request']).toContain(error.code);
    expect(openRouter.chatRequests()).toHaveLength(0);
    expect(straico.completionRequests()).toHaveLength(0);
    expect(ollama.chatRequests()).toHaveLength(0);
  });

  it('answers 401 to a visitor, calling no provider', async () => {
    expect((await chat(t, '', hello)).status).toBe(401);
    expect(openRouter.chatRequests()).toHaveLength(0);
  });
});

describe('models the server offers', () => {
  it.each([
    ['an OpenRouter model neither listed nor allowed', 'openrouter', 'openai/o1-pro'],
    ['a live model the operator did not allow', 'openrouter', LIVE_IDS[195]],
    ['an image model', 'openrouter', 'google/gemini-2.5-flash-image'],
    ['another provider’s model', 'straico', 'openrouter/auto'],
  ])('answers 400 naming %s, calling no provider', async (_name, provider, model) => {
    const { cookie } = await signInMember(t);
    for (const response of [
      await chat(t, cookie, { ...hello, provider, model }),
      await optimize(t, cookie, { prompt: 'a fox', provider, model }),
    ]) {
      const error = await errorOf(response, 400);
      expect(error).toMatchObject({
        code: 'validation_failed',
        fields: { model: 'Choose a model from the list' },
      });
      expect(error.message).toContain(`does not offer "${model}" on this server`);
    }
    expect(openRouter.chatRequests()).toHaveLength(0);
    expect(straico.completionRequests()).toHaveLength(0);
  });

  it('calls a model AI_ALLOWED_MODELS allows, with any provider', async () => {
    const { cookie } = await signInMember(t);
    const [allowed] = LIVE_IDS;
    const reply = await replyOf(await chat(t, cookie, { ...hello, provider: 'openrouter', model: allowed }));
    expect(reply.text).toBe('Lumara heard: "Hello parrot"');
    expect(openRouter.chatRequests()[0]?.body.model).toBe(allowed);
    await replyOf(await chat(t, cookie, { ...hello, provider: 'straico', model: allowed }));
    expect(straico.completionRequests()[0]?.body.model).toBe(allowed);
  });

  it('answers the refusal in the member’s language', async () => {
    const { cookie } = await signInMember(t);
    const response = await t.request('/api/ai/chat', {
      method: 'POST',
      cookie,
      body: { ...hello, provider: 'openrouter', model: 'openai/o1-pro' },
      headers: { 'accept-language': 'es' },
    });
    expect((await errorOf(response, 400)).message).toBe(
      'OpenRouter no ofrece "openai/o1-pro" en este servidor: elige un modelo de la lista',
    );
  });
});

describe('POST /api/ai/optimize-prompt', () => {
  it('answers the improved prompt, trimmed, having asked for a rewrite and nothing else', async () => {
    const { cookie } = await signInMember(t);
    openRouter.enqueue({
      kind: 'reply',
      text: '\n  Write a four-line rhyming poem about a cat napping in the sun, playful tone.  \n',
    });
    const response = await optimize(t, cookie, { prompt: '  poem cat  ' });
    expect(response.status).toBe(200);
    expect(optimizePromptResponseSchema.parse(await response.json())).toEqual({
      prompt: 'Write a four-line rhyming poem about a cat napping in the sun, playful tone.',
    });
    const [request] = openRouter.chatRequests();
    expect(request?.body.model).toBe('openrouter/auto');
    expect(request?.body.messages).toEqual([
      { role: 'system', content: PROMPT_OPTIMIZER_INSTRUCTIONS },
      { role: 'user', content: '<prompt>\npoem cat\n</prompt>' },
    ]);
    expect(PROMPT_OPTIMIZER_INSTRUCTIONS).toMatch(/ONLY the improved prompt/);
  });

  it('answers the original prompt when the model gives back nothing', async () => {
    const { cookie } = await signInMember(t);
    openRouter.enqueue({ kind: 'reply', text: '   \n ' });
    const response = await optimize(t, cookie, { prompt: 'a red fox in snow' });
    expect(await response.json()).toEqual({ prompt: 'a red fox in snow' });
  });

  it('uses the provider and model it is given', async () => {
    const { cookie } = await signInMember(t);
    await optimize(t, cookie, { prompt: 'a red fox', provider: 'straico', model: 'google/gemini-2.5-flash' });
    expect(straico.completionRequests()[0]?.body).toMatchObject({
      model: 'google/gemini-2.5-flash',
      max_tokens: OPTIMIZER_REPLY.maxTokens,
    });
  });

  it('asks for at most OPTIMIZER_REPLY.maxTokens, and answers a whitespace-flooded answer as it came', async () => {
    const { cookie } = await signInMember(t);
    const response = await optimize(t, cookie, { prompt: 'a red fox [whitespace-flood]' });
    expect(response.status).toBe(200);
    const flood = whitespaceFlood('<prompt>');
    expect(flood.length).toBeGreaterThan(4_000);
    expect(optimizePromptResponseSchema.parse(await response.json())).toEqual({ prompt: flood });
    expect(openRouter.chatRequests()[0]?.body.max_tokens).toBe(OPTIMIZER_REPLY.maxTokens);
  });

  it('reads no more of the answer than OPTIMIZER_REPLY.maxChars', async () => {
    const { cookie } = await signInMember(t);
    openRouter.enqueue({ kind: 'reply', text: 'z'.repeat(50_000) });
    expect(await (await optimize(t, cookie, { prompt: 'a red fox' })).json()).toEqual({
      prompt: 'z'.repeat(OPTIMIZER_REPLY.maxChars),
    });
  });

  it('answers provider errors as usual (the browser keeps the original prompt)', async () => {
    const { cookie } = await signInMember(t);
    expect((await optimize(t, cookie, { prompt: '[fail]' })).status).toBe(502);
    const { cookie: bareCookie } = await signInMember(bare);
    expect((await errorOf(await optimize(bare, bareCookie, { prompt: 'x' }), 503)).code).toBe(
      'provider_not_configured',
    );
  });

  it.each([
    ['an empty prompt', { prompt: '' }],
    ['a blank prompt', { prompt: '   ' }],
    ['a prompt too long', { prompt: 'x'.repeat(4_001) }],
    ['no prompt', {}],
    ['a bad model id', { prompt: 'x', model: 'not a model' }],
  ])('answers 400 to %s, calling no provider', async (_name, body) => {
    const { cookie } = await signInMember(t);
    await errorOf(await optimize(t, cookie, body), 400);
    expect(openRouter.chatRequests()).toHaveLength(0);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a member has used their AI calls for the minute', async () => {
    const app = await buildTestApp({
      ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: openRouter.baseUrl }, rateLimitPerMinute: 2 },
    });
    try {
      const { cookie } = await signInMember(app);
      expect((await chat(app, cookie, hello)).status).toBe(200);
      expect((await optimize(app, cookie, { prompt: 'x' })).status).toBe(200);
      const limited = await chat(app, cookie, hello);
      const error = await errorOf(limited, 429);
      expect(error.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await optimize(app, cookie, { prompt: 'x' })).status).toBe(429);
      expect(openRouter.chatRequests()).toHaveLength(2);
      // Reading the catalogue is not an AI call, and another member has their own share.
      expect((await app.request('/api/ai/models', { cookie })).status).toBe(200);
      const other = await signInMember(app);
      expect((await chat(app, other.cookie, hello)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 429 with Retry-After once a member has used the day’s AI calls, whatever the calls were', async () => {
    const app = await buildTestApp({
      ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: openRouter.baseUrl }, dailyCallsPerMember: 3 },
    });
    try {
      const { cookie } = await signInMember(app);
      expect((await chat(app, cookie, hello)).status).toBe(200);
      expect((await optimize(app, cookie, { prompt: 'x' })).status).toBe(200);
      const helper = { method: 'POST', cookie, body: { topic: 'Focus' } };
      expect((await app.request('/api/community/ai/generate-text', helper)).status).toBe(200);

      const limited = await chat(app, cookie, hello);
      expect(await errorOf(limited, 429)).toEqual({
        code: 'rate_limited',
        message: 'Daily AI limit reached (3 calls): try again in 24 h',
      });
      // The day's window runs from the member's first call: nearly all of it is left.
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(86_000);
      const image = { provider: 'openrouter', model: 'google/gemini-2.5-flash-image', prompt: 'a fox' };
      expect((await app.request('/api/ai/image', { method: 'POST', cookie, body: image })).status).toBe(429);
      const spanish = await app.request('/api/ai/chat', {
        method: 'POST',
        cookie,
        body: hello,
        headers: { 'accept-language': 'es' },
      });
      expect((await errorOf(spanish, 429)).message).toBe(
        'Límite diario de IA alcanzado (3 llamadas): vuelve a intentarlo en 24 h',
      );
      expect(openRouter.chatRequests()).toHaveLength(3);
      const other = await signInMember(app);
      expect((await chat(app, other.cookie, hello)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/profile/set-ai', () => {
  const profileRows = async (app: TestApp) => (await app.db.select({ n: count() }).from(profiles))[0]?.n ?? 0;

  it('saves the choice, answers it, and updates it in place', async () => {
    const { cookie, user } = await signInMember(t);
    const first = await setAi(t, cookie, { aiProvider: 'straico', aiModel: 'openai/dall-e-3' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ aiProvider: 'straico', aiModel: 'openai/dall-e-3' });
    const second = await setAi(t, cookie, { aiProvider: 'openrouter', aiModel: ' openai/gpt-4o-mini ' });
    expect(await second.json()).toEqual({ aiProvider: 'openrouter', aiModel: 'openai/gpt-4o-mini' });

    const rows = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ aiProvider: 'openrouter', aiModel: 'openai/gpt-4o-mini' });
    expect((await modelsOf(t, cookie)).defaults).toEqual({
      provider: 'openrouter',
      model: 'openai/gpt-4o-mini',
    });
  });

  it('refuses a model the server does not offer with that provider, and keeps the choice before it', async () => {
    const { cookie, user } = await signInMember(t);
    await setAi(t, cookie, { aiProvider: 'fal', aiModel: 'fal-ai/flux/dev' });
    for (const [aiProvider, aiModel] of [
      ['fal', 'fal-ai/flux-pro/v1.1-ultra'],
      ['openrouter', 'openai/o1-pro'],
      ['fal', 'openrouter/auto'],
    ]) {
      const error = await errorOf(await setAi(t, cookie, { aiProvider, aiModel }), 400);
      expect(error).toMatchObject({
        code: 'validation_failed',
        fields: { aiModel: 'Choose a model from the list' },
      });
    }
    const rows = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(rows[0]).toMatchObject({ aiProvider: 'fal', aiModel: 'fal-ai/flux/dev' });
  });

  it('keeps each member’s choice their own', async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    await setAi(t, ada.cookie, { aiProvider: 'straico', aiModel: 'flux/1.1' });
    await setAi(t, grace.cookie, { aiProvider: 'local', aiModel: 'llama3.2' });
    const fresh = await signInMember(t);

    expect((await modelsOf(t, ada.cookie)).defaults).toEqual({ provider: 'straico', model: 'flux/1.1' });
    expect((await modelsOf(t, grace.cookie)).defaults).toEqual({ provider: 'local', model: 'llama3.2' });
    expect((await modelsOf(t, fresh.cookie)).defaults).toEqual({
      provider: 'openrouter',
      model: 'openrouter/auto',
    });
  });

  it('falls back to the defaults when a stored choice is no longer valid', async () => {
    const { cookie, user } = await signInMember(t);
    await t.db
      .insert(profiles)
      .values({ userId: user.id, aiProvider: 'retired-provider', aiModel: 'old/model' });
    expect((await modelsOf(t, cookie)).defaults).toEqual({
      provider: 'openrouter',
      model: 'openrouter/auto',
    });
  });

  it.each([
    ['an unknown provider', { aiProvider: 'openai', aiModel: 'gpt-4o' }],
    ['a bad model id', { aiProvider: 'openrouter', aiModel: 'has spaces' }],
    ['an empty model', { aiProvider: 'openrouter', aiModel: '  ' }],
    ['a model too long', { aiProvider: 'openrouter', aiModel: 'm'.repeat(201) }],
    ['no model', { aiProvider: 'openrouter' }],
    ['no provider', { aiModel: 'openrouter/auto' }],
    ['a body that is not JSON', 'provider=openrouter'],
  ])('answers 400 to %s and saves nothing', async (_name, body) => {
    const { cookie } = await signInMember(t);
    const before = await profileRows(t);
    await errorOf(await setAi(t, cookie, body), 400);
    expect(await profileRows(t)).toBe(before);
  });

  it('answers 401 to a visitor and saves nothing', async () => {
    const before = await profileRows(t);
    expect((await setAi(t, '', { aiProvider: 'openrouter', aiModel: 'openrouter/auto' })).status).toBe(401);
    expect(await profileRows(t)).toBe(before);
  });
});

describe('logs', () => {
  it('never contain a provider key, whatever happened', async () => {
    // Everything above ran on `t`, which logs at debug level into `logLines`: successes, failures, timeouts.
    const { cookie } = await signInMember(t);
    await chat(t, cookie, { messages: [{ role: 'user', content: '[fail]' }] });
    await chat(t, cookie, { ...hello, provider: 'straico' });
    expect(logLines.length).toBeGreaterThan(10);
    const all = logLines.join('\n');
    for (const secret of [FAKE_API_KEY, FAKE_STRAICO_API_KEY, FAL_KEY]) expect(all).not.toContain(secret);
  });
});

describe('listModels', () => {
  it('lists the live models the operator allowed, leaving out those the static catalogue already lists', async () => {
    const ai = createAiProviders({
      ...testAiConfig(),
      openRouter: { apiKey: FAKE_API_KEY, baseUrl: 'http://127.0.0.1:9/api/v1' },
      allowedModels: ['openai/gpt-4o-mini', 'new/model', 'unlisted/model'],
    });
    const liveModels: LiveModelLists = {
      openRouter: async () => ({
        ok: true,
        models: [
          { id: 'openai/gpt-4o-mini', label: 'OpenAI: GPT-4o-mini', contextLength: 128000 },
          { id: 'black-forest-labs/flux.2-pro', label: 'FLUX.2 Pro', contextLength: null },
          { id: 'new/model', label: 'New model', contextLength: 32000 },
          { id: 'expensive/model', label: 'Not allowed', contextLength: 32000 },
        ],
      }),
      local: async () => ({ ok: true, models: [] }),
    };
    const models = await listModels(
      { ai, liveModels },
      'studio',
      { provider: 'openrouter', model: 'openrouter/auto' },
      createLogger('silent'),
    );
    expect(models.data.find((c) => c.id === LIVE_CATEGORY.id)?.models).toEqual([
      { id: 'new/model', label: 'New model', contextLength: 32000 },
    ]);
  });
});

describe('resolveChatChoice', () => {
  const saved = { provider: 'straico' as const, model: 'anthropic/claude-3.5-sonnet' };
  const offer = (localModels: string[] = [], extra: string[] = []) => ({
    localModels,
    models: createAllowedModels({ extra, localModels }),
  });

  it('takes what the call names, then the saved choice, then the provider’s first model', () => {
    expect(resolveChatChoice(saved, { provider: 'openrouter', model: 'x/y' }, offer())).toEqual({
      provider: 'openrouter',
      model: 'x/y',
    });
    expect(resolveChatChoice(saved, {}, offer())).toEqual(saved);
    expect(resolveChatChoice(saved, { provider: 'straico' }, offer())).toEqual(saved);
    expect(resolveChatChoice(saved, { provider: 'openrouter' }, offer())).toEqual({
      provider: 'openrouter',
      model: 'openrouter/auto',
    });
    expect(resolveChatChoice(saved, { model: 'openai/gpt-4o-mini' }, offer())).toEqual({
      provider: 'straico',
      model: 'openai/gpt-4o-mini',
    });
  });

  it('takes the local server’s first listed model, and the default over a saved provider that cannot chat', () => {
    expect(resolveChatChoice(saved, { provider: 'local' }, offer(['llama3.2', 'qwen']))).toEqual({
      provider: 'local',
      model: 'llama3.2',
    });
    expect(resolveChatChoice({ provider: 'fal', model: 'fal-ai/flux/dev' }, {}, offer())).toEqual({
      provider: 'openrouter',
      model: 'openrouter/auto',
    });
  });

  it('takes the default over a saved model that is not a chat model the server offers', () => {
    const defaults = { provider: 'openrouter', model: 'openrouter/auto' };
    const image = { provider: 'openrouter' as const, model: 'google/gemini-2.5-flash-image' };
    expect(resolveChatChoice(image, {}, offer())).toEqual(defaults);
    const dropped = { provider: 'openrouter' as const, model: 'vendor/model-1' };
    expect(resolveChatChoice(dropped, {}, offer())).toEqual(defaults);
    expect(resolveChatChoice(dropped, {}, offer([], ['vendor/model-1']))).toEqual(dropped);
  });
});

describe('cleanOptimizedPrompt', () => {
  it.each([
    ['  Draw a fox.  ', 'Draw a fox.'],
    ['"Draw a fox."', 'Draw a fox.'],
    ['“Draw a fox.”', 'Draw a fox.'],
    ['Improved prompt: Draw a fox.', 'Draw a fox.'],
    ['**Optimized prompt:** Draw a fox.', 'Draw a fox.'],
    ['<prompt>\nDraw a fox.\n</prompt>', 'Draw a fox.'],
    ['```\nDraw a fox.\n```', 'Draw a fox.'],
    ['"Fox" and "hen" in a barn', '"Fox" and "hen" in a barn'],
    ['   ', ''],
  ])('%j → %j', (answer, expected) => {
    expect(cleanOptimizedPrompt(answer)).toBe(expected);
  });

  // The pattern this replaced backtracked cubically over such an answer: 4,000 characters held the server a minute.
  it('reads 100,000 characters of whitespace inside or after our tags or a fence in one pass', () => {
    const blank = ' \n\t'.repeat(33_334);
    expect(cleanOptimizedPrompt(`<prompt>${blank}Draw a fox.${blank}</PROMPT>`)).toBe('Draw a fox.');
    const unclosed = `<prompt>${blank}Draw a fox.`;
    expect(cleanOptimizedPrompt(unclosed)).toBe(unclosed);
    expect(cleanOptimizedPrompt(`\`\`\`text\n${blank}Draw a fox.${blank}\`\`\``)).toBe('Draw a fox.');
    const unfenced = `\`\`\`\n${blank}Draw a fox.`;
    expect(cleanOptimizedPrompt(unfenced)).toBe(unfenced);
  });
});
