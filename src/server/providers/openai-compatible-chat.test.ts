import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';
import type { AiChatMessage } from '#shared/ai.ts';
import { startTestServer } from '#tests/fakes/canary-server.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { failureOf } from '#tests/setup/failure-of.ts';
import { collect } from '#tests/setup/stream-pieces.ts';
import type { ChatProvider } from './chat-provider.ts';
import { createOpenAiCompatibleChat } from './openai-compatible-chat.ts';

/**
 * The OpenAI-wire client (OpenRouter and local servers) against the local fakes (tests/fakes):
 * whole and streamed answers, every way a provider fails, and cancellation.
 */

let openRouter: FakeOpenAiServer;
let ollama: FakeOpenAiServer;

beforeAll(async () => {
  [openRouter, ollama] = await Promise.all([
    startFakeOpenAiServer(),
    startFakeOpenAiServer({ flavor: 'ollama' }),
  ]);
});
afterAll(async () => {
  await Promise.all([openRouter.close(), ollama.close()]);
});
beforeEach(() => {
  openRouter.reset();
  ollama.reset();
});

function openRouterChat(overrides: { apiKey?: string; timeoutMs?: number; maxRetries?: number } = {}) {
  return createOpenAiCompatibleChat({
    id: 'openrouter',
    baseUrl: openRouter.baseUrl,
    apiKey: overrides.apiKey ?? FAKE_API_KEY,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    maxRetries: overrides.maxRetries ?? 1,
    defaultHeaders: { 'X-Title': 'Lumara' },
  });
}

/** What every call says the answer may be (each feature names its own; bounded-chat.ts cuts at `maxChars`). */
const bounds = { maxTokens: 300, maxChars: 10_000 };

const ask = (content: string): AiChatMessage[] => [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content },
];

/** The AppError a provider call failed with, checked for its code, status and (part of) its message. */

describe('whole answers', () => {
  it('answers the text and the model the auto router picked, sending model, messages, key and title', async () => {
    const reply = await openRouterChat().complete({
      model: 'openrouter/auto',
      ...bounds,
      messages: ask('Hello there'),
    });

    expect(reply).toEqual({ text: 'Lumara heard: "Hello there"', model: 'openai/gpt-4o-mini' });
    const [request] = openRouter.chatRequests();
    expect(request?.body.model).toBe('openrouter/auto');
    expect(request?.body.messages).toEqual(ask('Hello there'));
    expect(request?.body.stream).toBeFalsy();
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
    expect(request?.headers['x-title']).toBe('Lumara');
  });

  it('sends max_tokens on every call, whole or streamed', async () => {
    const chat = openRouterChat();
    await chat.complete({ model: 'openrouter/auto', messages: ask('one'), maxTokens: 50, maxChars: 100 });
    await collect(
      chat.stream({ model: 'openrouter/auto', messages: ask('two'), maxTokens: 60, maxChars: 100 }),
    );
    const [whole, streamed] = openRouter.chatRequests();
    expect(whole?.body.max_tokens).toBe(50);
    expect(streamed?.body).toMatchObject({ stream: true, max_tokens: 60 });
  });

  it('answers an empty text when the model said nothing', async () => {
    const reply = await openRouterChat().complete({
      model: 'openrouter/auto',
      ...bounds,
      messages: ask('[empty]'),
    });
    expect(reply.text).toBe('');
  });

  it('reports a 4xx as 502 with the provider message, without retrying it', async () => {
    openRouter.enqueue({ kind: 'error', status: 402, message: 'Insufficient credits. Add more credits' });
    const error = await failureOf(
      openRouterChat().complete({ model: 'openrouter/auto', ...bounds, messages: ask('hi') }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.status).toBe(502);
    expect(error.message).toBe('OpenRouter: Insufficient credits. Add more credits');
    expect(openRouter.chatRequests()).toHaveLength(1);
  });

  it('reports a 5xx as 502 with the provider message after the bounded retries', async () => {
    const error = await failureOf(
      openRouterChat({ maxRetries: 1 }).complete({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('[fail]'),
      }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: Internal Server Error');
    expect(openRouter.chatRequests()).toHaveLength(2);
  });

  it('retries a 429 and answers once the provider does', async () => {
    openRouter.enqueue(
      { kind: 'error', status: 429, message: 'Rate limit exceeded', retryAfterSeconds: 0 },
      { kind: 'reply', text: 'Second time lucky' },
    );
    const reply = await openRouterChat().complete({
      model: 'openrouter/auto',
      ...bounds,
      messages: ask('hi'),
    });
    expect(reply.text).toBe('Second time lucky');
    expect(openRouter.chatRequests()).toHaveLength(2);
  });

  it('reports a 429 that lasts as 502 with the provider message', async () => {
    const error = await failureOf(
      openRouterChat({ maxRetries: 0 }).complete({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('[rate-limit]'),
      }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: Rate limit exceeded');
  });

  it('gives up on a provider that never answers: 504 provider_timeout', async () => {
    const error = await failureOf(
      openRouterChat({ timeoutMs: 300, maxRetries: 0 }).complete({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('[hang]'),
      }),
    );
    expect(error.code).toBe('provider_timeout');
    expect(error.status).toBe(504);
    expect(error.message).toBe('OpenRouter took too long to answer');
  });

  it('keeps to one deadline across retries of a provider that never answers', async () => {
    const error = await failureOf(
      openRouterChat({ timeoutMs: 300, maxRetries: 2 }).complete({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('[hang]'),
      }),
    );
    expect(error.code).toBe('provider_timeout');
    // The deadline covers every attempt: once it has passed, no further attempt is made.
    expect(openRouter.chatRequests()).toHaveLength(1);
  });

  it('reports a 200 that is not a completion (a proxy page) as 502', async () => {
    const error = await failureOf(
      openRouterChat().complete({ model: 'openrouter/auto', ...bounds, messages: ask('[garbage]') }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.status).toBe(502);
  });

  it('reports a connection dropped mid-answer as 502, not as a bug of ours', async () => {
    const error = await failureOf(
      openRouterChat({ maxRetries: 0 }).complete({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('[reset]'),
      }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: dropped the connection mid-answer');
  });

  it('reports a wrong key as 502 with the provider message', async () => {
    const error = await failureOf(
      openRouterChat({ apiKey: 'sk-or-v1-wrong' }).complete({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('hi'),
      }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: No auth credentials found');
    expect(openRouter.chatRequests()).toHaveLength(1);
  });

  it('stops waiting when the caller aborts, with the abort rather than a provider error', async () => {
    const controller = new AbortController();
    const work = openRouterChat().complete({
      model: 'openrouter/auto',
      ...bounds,
      messages: ask('[hang]'),
      signal: controller.signal,
    });
    await until(() => openRouter.chatRequests().length === 1);
    controller.abort();
    await expect(work).rejects.toBe(controller.signal.reason);
  });
});

describe('streamed answers', () => {
  it('yields the text piece by piece in order, skipping keep-alive comments and the usage chunk', async () => {
    const pieces = await collect(
      openRouterChat().stream({ model: 'openrouter/auto', ...bounds, messages: ask('tell me a story') }),
    );
    expect(pieces.join('')).toBe('Lumara heard: "tell me a story"');
    // One piece per word the fake sent: nothing extra from the comment, the stop chunk or the usage chunk.
    expect(pieces).toEqual(['Lumara ', 'heard: ', '"tell ', 'me ', 'a ', 'story"']);
    expect(openRouter.chatRequests()[0]?.body.stream).toBe(true);
  });

  it('reports an error chunk after some text as 502 with the provider message', async () => {
    const pieces: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const piece of openRouterChat().stream({
          model: 'openrouter/auto',
          ...bounds,
          messages: ask('[midstream-error]'),
        }))
          pieces.push(piece);
      })(),
    );
    expect(pieces).toEqual(['Half an answer']);
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: Provider disconnected unexpectedly');
  });

  it('reports a connection dropped mid-stream as 502 after the text that arrived', async () => {
    const pieces: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const piece of openRouterChat().stream({
          model: 'openrouter/auto',
          ...bounds,
          messages: ask('[reset]'),
        }))
          pieces.push(piece);
      })(),
    );
    expect(pieces).toEqual(['Half an answer']);
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: dropped the connection mid-answer');
  });

  it('reports a failure before the stream starts as 502 with the provider message', async () => {
    const error = await failureOf(
      collect(
        openRouterChat({ maxRetries: 0 }).stream({
          model: 'openrouter/auto',
          ...bounds,
          messages: ask('[fail]'),
        }),
      ),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('OpenRouter: Internal Server Error');
  });

  it('retries a 429 before the stream starts, then streams', async () => {
    openRouter.enqueue(
      { kind: 'error', status: 429, message: 'Rate limit exceeded', retryAfterSeconds: 0 },
      { kind: 'reply', text: 'Streamed after all' },
    );
    const pieces = await collect(
      openRouterChat().stream({ model: 'openrouter/auto', ...bounds, messages: ask('hi') }),
    );
    expect(pieces.join('')).toBe('Streamed after all');
  });

  it('reports a 200 that is not an event stream as 502', async () => {
    const error = await failureOf(
      collect(openRouterChat().stream({ model: 'openrouter/auto', ...bounds, messages: ask('[garbage]') })),
    );
    expect(error.code).toBe('provider_failed');
  });

  it('gives up on a stream that never starts: 504 provider_timeout', async () => {
    const error = await failureOf(
      collect(
        openRouterChat({ timeoutMs: 300, maxRetries: 0 }).stream({
          model: 'openrouter/auto',
          ...bounds,
          messages: ask('[hang]'),
        }),
      ),
    );
    expect(error.code).toBe('provider_timeout');
  });

  it('gives up on a stream that stalls after it started: 504 after the text that arrived', async () => {
    openRouter.enqueue({ kind: 'stall', textBefore: 'The beginning' });
    const pieces: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const piece of openRouterChat({ timeoutMs: 300, maxRetries: 0 }).stream({
          model: 'openrouter/auto',
          ...bounds,
          messages: ask('hi'),
        }))
          pieces.push(piece);
      })(),
    );
    expect(pieces).toEqual(['The beginning']);
    expect(error.code).toBe('provider_timeout');
  });

  it('reports a wrong key as 502 with the provider message', async () => {
    const error = await failureOf(
      collect(
        openRouterChat({ apiKey: 'nope' }).stream({
          model: 'openrouter/auto',
          ...bounds,
          messages: ask('hi'),
        }),
      ),
    );
    expect(error.message).toBe('OpenRouter: No auth credentials found');
  });

  it('stops the stream when the caller aborts, throwing the abort after what arrived', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    let failure: unknown;
    try {
      for await (const piece of openRouterChat().stream({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('[slow]'),
        signal: controller.signal,
      })) {
        pieces.push(piece);
        if (pieces.length === 3) controller.abort();
      }
    } catch (error) {
      failure = error;
    }
    // The caller's own abort passes through as it is (the signal's reason): it is not the provider failing, and
    // a stopped reply does not end like a whole one.
    expect(failure).toBe(controller.signal.reason);
    expect(failure).not.toBeInstanceOf(AppError);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    // The fake sends 62 pieces, one every 150 ms: far fewer arrived.
    expect(pieces.length).toBeLessThan(10);
  });

  it('closes the connection to the provider when the caller aborts', async () => {
    let closed = false;
    const endless = await startTestServer(
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = {
          id: 'x',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'm',
          choices: [{ index: 0, delta: { content: 'more ' }, finish_reason: null }],
        };
        const timer = setInterval(() => response.write(`data: ${JSON.stringify(chunk)}\n\n`), 20);
        response.on('close', () => {
          clearInterval(timer);
          closed = true;
        });
      },
      { host: '127.0.0.1' },
    );
    try {
      const chat = createOpenAiCompatibleChat({
        id: 'local',
        baseUrl: `${endless.origin}/v1`,
        apiKey: 'ollama',
        timeoutMs: 5_000,
        maxRetries: 0,
      });
      const controller = new AbortController();
      const pieces: string[] = [];
      const failure = await (async () => {
        for await (const piece of chat.stream({
          model: 'm',
          ...bounds,
          messages: ask('go on'),
          signal: controller.signal,
        })) {
          pieces.push(piece);
          if (pieces.length === 2) controller.abort();
        }
      })().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBe(controller.signal.reason);
      expect(pieces).toEqual(['more ', 'more ']);
      await until(() => closed);
    } finally {
      await endless.close();
    }
  });

  it('throws the abort, not a provider failure, when the caller aborts before anything arrived', async () => {
    const controller = new AbortController();
    const work = collect(
      openRouterChat().stream({
        model: 'openrouter/auto',
        ...bounds,
        messages: ask('[hang]'),
        signal: controller.signal,
      }),
    );
    await until(() => openRouter.chatRequests().length === 1);
    controller.abort();
    await expect(work).rejects.toBe(controller.signal.reason);
  });
});

describe('a local OpenAI-compatible server (Ollama flavour)', () => {
  function localChat(): ChatProvider {
    // Ollama ignores the key, but the SDK wants one; no keep-alive comments, `/v1` base path.
    return createOpenAiCompatibleChat({
      id: 'local',
      baseUrl: ollama.baseUrl,
      apiKey: 'ollama',
      timeoutMs: 5_000,
      maxRetries: 1,
    });
  }

  it('answers whole, naming the local model', async () => {
    expect(ollama.baseUrl).toMatch(/\/v1$/);
    const reply = await localChat().complete({ model: 'llama3.2', ...bounds, messages: ask('Hi local') });
    expect(reply).toEqual({ text: 'Lumara heard: "Hi local"', model: 'llama3.2' });
    expect(ollama.chatRequests()[0]?.path).toBe('/chat/completions');
  });

  it('streams piece by piece', async () => {
    const pieces = await collect(
      localChat().stream({ model: 'llama3.2', ...bounds, messages: ask('stream please') }),
    );
    expect(pieces).toEqual(['Lumara ', 'heard: ', '"stream ', 'please"']);
  });

  it('reports its OpenAI-style errors as 502 with its message', async () => {
    ollama.enqueue({ kind: 'error', status: 404, message: 'model "nope" not found, try pulling it first' });
    const error = await failureOf(localChat().complete({ model: 'nope', ...bounds, messages: ask('hi') }));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('Local model: model "nope" not found, try pulling it first');
  });

  it('reports an error chunk mid-stream as 502', async () => {
    const error = await failureOf(
      collect(localChat().stream({ model: 'llama3.2', ...bounds, messages: ask('[midstream-error]') })),
    );
    expect(error.code).toBe('provider_failed');
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
