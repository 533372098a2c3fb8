import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { testAiConfig } from '#tests/setup/test-app.ts';
import { createAiProviders } from './ai-providers.ts';
import {
  createCachedRead,
  createLiveModelLists,
  LIVE_LIST_FAILURE_TTL_MS,
  LIVE_LIST_TTL_MS,
  type LiveModel,
  parseOpenAiModelList,
  parseOpenRouterModels,
} from './live-models.ts';

/** The live model lists: what is read from a provider's answer, and how long it is kept. */

describe('createCachedRead', () => {
  function setup(outcomes: (() => Promise<LiveModel[]>)[]) {
    let at = 1_000_000;
    let loads = 0;
    const read = createCachedRead(
      () => {
        const next = outcomes[Math.min(loads, outcomes.length - 1)];
        loads += 1;
        return next ? next() : Promise.resolve([]);
      },
      () => at,
    ).read;
    return {
      read,
      loads: () => loads,
      advance: (ms: number) => {
        at += ms;
      },
    };
  }
  const model: LiveModel = { id: 'a/b', label: 'A B', contextLength: 8192 };

  it('reads once, then answers from memory until ten minutes have passed', async () => {
    const cache = setup([async () => [model]]);
    expect(await cache.read()).toEqual({ ok: true, models: [model] });
    cache.advance(LIVE_LIST_TTL_MS - 1);
    expect(await cache.read()).toEqual({ ok: true, models: [model] });
    expect(cache.loads()).toBe(1);
    cache.advance(1);
    await cache.read();
    expect(cache.loads()).toBe(2);
  });

  it('remembers a failure for one minute, marked as remembered, then asks again', async () => {
    const failure = new Error('down');
    const cache = setup([() => Promise.reject(failure), async () => [model]]);
    expect(await cache.read()).toEqual({ ok: false, error: failure, remembered: false });
    cache.advance(LIVE_LIST_FAILURE_TTL_MS - 1);
    expect(await cache.read()).toEqual({ ok: false, error: failure, remembered: true });
    expect(cache.loads()).toBe(1);
    cache.advance(1);
    expect(await cache.read()).toEqual({ ok: true, models: [model] });
    expect(cache.loads()).toBe(2);
  });

  it('lets reads that miss together share one load', async () => {
    let finish: (models: LiveModel[]) => void = () => {};
    const cache = setup([() => new Promise<LiveModel[]>((resolve) => (finish = resolve))]);
    const reads = Promise.all([cache.read(), cache.read(), cache.read()]);
    finish([model]);
    expect(await reads).toEqual([
      { ok: true, models: [model] },
      { ok: true, models: [model] },
      { ok: true, models: [model] },
    ]);
    expect(cache.loads()).toBe(1);
  });
});

describe('parseOpenRouterModels', () => {
  it('reads id, name and context length, tolerating nulls and fields it does not know', () => {
    expect(
      parseOpenRouterModels({
        total_count: 3,
        links: { next: null },
        data: [
          {
            id: 'openai/gpt-5',
            name: 'OpenAI: GPT-5',
            context_length: 400000,
            pricing: { prompt: '0.000001' },
          },
          { id: 'x/no-context', name: 'No context', context_length: null, expiration_date: '2027-01-01' },
          { id: 'y/no-name' },
        ],
      }),
    ).toEqual([
      { id: 'openai/gpt-5', label: 'OpenAI: GPT-5', contextLength: 400000 },
      { id: 'x/no-context', label: 'No context', contextLength: null },
      { id: 'y/no-name', label: 'y/no-name', contextLength: null },
    ]);
  });

  it('skips entries it cannot use instead of failing the whole list', () => {
    expect(
      parseOpenRouterModels({
        data: [
          null,
          { name: 'no id' },
          { id: 'has spaces in it' },
          { id: 42 },
          { id: 'good/one', context_length: 'lots' },
        ],
      }),
    ).toEqual([{ id: 'good/one', label: 'good/one', contextLength: null }]);
  });

  it('fails on a body that is not a model list', () => {
    expect(() => parseOpenRouterModels({ models: [] })).toThrow(/data/);
    expect(() => parseOpenRouterModels('<html>')).toThrow(/data/);
    expect(() => parseOpenRouterModels(null)).toThrow(/data/);
  });
});

describe('parseOpenAiModelList', () => {
  it('reads the ids of an OpenAI-shaped list, with or without created and owned_by', () => {
    expect(
      parseOpenAiModelList({
        object: 'list',
        data: [
          { id: 'llama3.2:latest', object: 'model', created: 1, owned_by: 'library' },
          { id: 'qwen2.5' },
          {},
        ],
      }),
    ).toEqual([
      { id: 'llama3.2:latest', label: 'llama3.2:latest', contextLength: null },
      { id: 'qwen2.5', label: 'qwen2.5', contextLength: null },
    ]);
  });
});

describe('createLiveModelLists', () => {
  let server: TestServer;
  const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  beforeAll(async () => {
    server = await startTestServer(
      (request, response) => {
        seen.push({ url: request.url ?? '', headers: request.headers });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ data: [{ id: 'vendor/model-1', name: 'Model 1', context_length: 4096 }] }),
        );
      },
      { host: '127.0.0.1' },
    );
  });
  afterAll(() => server.close());
  beforeEach(() => {
    seen.length = 0;
  });

  it('asks OpenRouter for its text models without sending the key (the list is public)', async () => {
    const ai = createAiProviders({
      ...testAiConfig(),
      openRouter: { apiKey: 'sk-or-v1-secret', baseUrl: `${server.origin}/api/v1/` },
    });
    const result = await createLiveModelLists(ai).openRouter();
    expect(result).toEqual({
      ok: true,
      models: [{ id: 'vendor/model-1', label: 'Model 1', contextLength: 4096 }],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/v1/models?output_modalities=text');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('asks a local server for its models, with its key when one is set', async () => {
    const ai = createAiProviders({
      ...testAiConfig(),
      openAiCompatible: { baseUrl: `${server.origin}/v1`, apiKey: 'lm-studio-key', models: [] },
    });
    const result = await createLiveModelLists(ai).local();
    expect(result.ok).toBe(true);
    expect(seen[0]?.url).toBe('/v1/models');
    expect(seen[0]?.headers.authorization).toBe('Bearer lm-studio-key');
  });

  it('reports an unreachable provider as a failure, not an exception', async () => {
    const ai = createAiProviders({
      ...testAiConfig(),
      openRouter: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9/api/v1' },
      maxRetries: 0,
    });
    const result = await createLiveModelLists(ai).openRouter();
    expect(result).toMatchObject({ ok: false, remembered: false });
  });
});
