import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiChatMessage } from '#shared/ai.ts';
import { startTestServer } from '#tests/fakes/canary-server.ts';
import {
  FAKE_STRAICO_API_KEY,
  type FakeStraicoServer,
  startFakeStraicoServer,
} from '#tests/fakes/straico-server.ts';
import { failureOf } from '#tests/setup/failure-of.ts';
import { collect } from '#tests/setup/stream-pieces.ts';
import { createStraicoChat, transcriptOf } from './straico-chat.ts';

/**
 * Straico's chat client against the local fake (tests/fakes/straico-server.ts): the envelope, failures,
 * retries, deadline.
 */

let straico: FakeStraicoServer;
beforeAll(async () => {
  straico = await startFakeStraicoServer();
});
afterAll(() => straico.close());
beforeEach(() => straico.reset());

function straicoChat(
  overrides: { apiKey?: string; timeoutMs?: number; maxRetries?: number; baseUrl?: string } = {},
) {
  return createStraicoChat({
    baseUrl: overrides.baseUrl ?? straico.baseUrl,
    apiKey: overrides.apiKey ?? FAKE_STRAICO_API_KEY,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    maxRetries: overrides.maxRetries ?? 1,
  });
}

const one = (content: string): AiChatMessage[] => [{ role: 'user', content }];
/** What every call says the answer may be (each feature names its own). */
const bounds = { maxTokens: 300, maxChars: 10_000 };

describe('answers', () => {
  it('answers the completion text and model, sending the key, the model and the message', async () => {
    const reply = await straicoChat().complete({
      model: 'openai/gpt-4o-mini',
      ...bounds,
      messages: one('Hello there'),
    });

    expect(reply).toEqual({ text: 'Lumara heard: "Hello there"', model: 'openai/gpt-4o-mini' });
    const [request] = straico.completionRequests();
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_STRAICO_API_KEY}`);
    expect(request?.body).toEqual({ model: 'openai/gpt-4o-mini', message: 'Hello there', max_tokens: 300 });
  });

  it('writes a conversation out as one transcript message, instructions first', async () => {
    await straicoChat().complete({
      model: 'anthropic/claude-3.5-sonnet',
      messages: [
        { role: 'system', content: 'You are a parrot.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Squawk!' },
        { role: 'user', content: 'Say more' },
      ],
      maxTokens: 100,
      maxChars: 10_000,
    });
    const [request] = straico.completionRequests();
    expect(request?.body.message).toBe(
      'Instructions:\nYou are a parrot.\n\nMember: Hi\n\nAssistant: Squawk!\n\nMember: Say more\n\nAssistant:',
    );
    expect(request?.body.max_tokens).toBe(100);
  });

  it('streams the whole reply as one piece (Straico does not stream), and nothing for an empty reply', async () => {
    expect(
      await collect(
        straicoChat().stream({ model: 'openai/gpt-4o-mini', ...bounds, messages: one('stream?') }),
      ),
    ).toEqual(['Lumara heard: "stream?"']);
    expect(
      await collect(
        straicoChat().stream({ model: 'openai/gpt-4o-mini', ...bounds, messages: one('[empty]') }),
      ),
    ).toEqual([]);
  });

  it('keeps the path of a base URL that has one', async () => {
    const proxy = await startTestServer(
      (request, response) => {
        response.writeHead(request.url === '/straico/v0/prompt/completion' ? 201 : 404, {
          'content-type': 'application/json',
        });
        response.end(
          JSON.stringify({
            success: true,
            data: {
              completion: { model: 'm', choices: [{ message: { role: 'assistant', content: 'via proxy' } }] },
            },
          }),
        );
      },
      { host: '127.0.0.1' },
    );
    try {
      const reply = await straicoChat({ baseUrl: `${proxy.origin}/straico/` }).complete({
        model: 'm',
        ...bounds,
        messages: one('hi'),
      });
      expect(reply.text).toBe('via proxy');
    } finally {
      await proxy.close();
    }
  });
});

describe('failures', () => {
  it('reports a wrong key as 502 with Straico’s message, without retrying', async () => {
    const error = await failureOf(
      straicoChat({ apiKey: 'ko-wrong' }).complete({ model: 'm', ...bounds, messages: one('hi') }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.status).toBe(502);
    expect(error.message).toBe('Straico: Invalid API key');
    expect(straico.completionRequests()).toHaveLength(1);
  });

  it('reports a 5xx as 502 with Straico’s message after the bounded retries', async () => {
    const error = await failureOf(
      straicoChat({ maxRetries: 1 }).complete({ model: 'm', ...bounds, messages: one('[fail]') }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('Straico: Internal server error');
    expect(straico.completionRequests()).toHaveLength(2);
  });

  it('retries a 429 and answers once Straico does', async () => {
    straico.enqueue(
      { kind: 'error', status: 429, message: 'Too many requests', retryAfterSeconds: 0 },
      { kind: 'reply', text: 'Patience paid' },
    );
    const reply = await straicoChat().complete({ model: 'm', ...bounds, messages: one('hi') });
    expect(reply.text).toBe('Patience paid');
    expect(straico.completionRequests()).toHaveLength(2);
  });

  it('reports a 429 that lasts as 502 with Straico’s message', async () => {
    const error = await failureOf(
      straicoChat({ maxRetries: 1 }).complete({ model: 'm', ...bounds, messages: one('[rate-limit]') }),
    );
    expect(error.message).toBe('Straico: Too many requests');
    expect(straico.completionRequests()).toHaveLength(2);
  });

  it('does not retry a 4xx other than 429', async () => {
    straico.enqueue({ kind: 'error', status: 402, message: 'Not enough coins' });
    const error = await failureOf(straicoChat().complete({ model: 'm', ...bounds, messages: one('hi') }));
    expect(error.message).toBe('Straico: Not enough coins');
    expect(straico.completionRequests()).toHaveLength(1);
  });

  it('reports a 201 whose envelope says it failed as 502 with its message', async () => {
    straico.enqueue({ kind: 'unsuccessful', message: 'Model unavailable' });
    const error = await failureOf(straicoChat().complete({ model: 'm', ...bounds, messages: one('hi') }));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('Straico: Model unavailable');
  });

  it('reports a success that is not JSON (a proxy page) as 502', async () => {
    const error = await failureOf(
      straicoChat().complete({ model: 'm', ...bounds, messages: one('[garbage]') }),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toBe('Straico: answered without a reply');
  });

  it('gives up on a Straico that never answers: 504, one deadline over every attempt', async () => {
    const error = await failureOf(
      straicoChat({ timeoutMs: 300, maxRetries: 2 }).complete({
        model: 'm',
        ...bounds,
        messages: one('[hang]'),
      }),
    );
    expect(error.code).toBe('provider_timeout');
    expect(error.status).toBe(504);
    expect(straico.completionRequests()).toHaveLength(1);
  });

  it('stops waiting when the caller aborts, with the abort rather than a provider error', async () => {
    const controller = new AbortController();
    const work = straicoChat().complete({
      model: 'm',
      ...bounds,
      messages: one('[hang]'),
      signal: controller.signal,
    });
    for (let i = 0; i < 200 && straico.completionRequests().length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    controller.abort();
    await expect(work).rejects.toBe(controller.signal.reason);
  });
});

describe('transcriptOf', () => {
  it('sends a lone member message as it is', () => {
    expect(transcriptOf(one('Just this'))).toBe('Just this');
  });

  it('joins several instructions and names each turn', () => {
    expect(
      transcriptOf([
        { role: 'system', content: 'First rule.' },
        { role: 'system', content: 'Second rule.' },
        { role: 'user', content: 'Question?' },
      ]),
    ).toBe('Instructions:\nFirst rule.\n\nSecond rule.\n\nMember: Question?\n\nAssistant:');
  });
});
