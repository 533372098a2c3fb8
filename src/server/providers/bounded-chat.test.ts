import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';
import { verbatim } from '#shared/texts.ts';
import { collect } from '#tests/setup/stream-pieces.ts';
import { boundedChat, cutAt } from './bounded-chat.ts';
import type { ChatProvider, ChatRequest } from './chat-provider.ts';

/**
 * What every chat call goes through: the model check before the call, and the cut every answer gets where it
 * arrives (whole answers, streams left at the cut, surrogate pairs).
 */

/** A provider answering `text` whole, or streamed in `pieces`; it notes how far a stream was read. */
function scriptedProvider(text: string, pieces: string[] = [text]) {
  const seen = { piecesSent: 0, streamClosed: false, requests: [] as ChatRequest[] };
  const provider: ChatProvider = {
    id: 'openrouter',
    async complete(request) {
      seen.requests.push(request);
      return { text, model: request.model };
    },
    async *stream(request) {
      seen.requests.push(request);
      try {
        for (const piece of pieces) {
          seen.piecesSent += 1;
          yield piece;
        }
      } finally {
        seen.streamClosed = true;
      }
    },
  };
  return { provider, seen };
}

const ask = (maxChars: number): ChatRequest => ({
  model: 'openrouter/auto',
  messages: [{ role: 'user', content: 'Hello' }],
  maxTokens: 100,
  maxChars,
});

const anyModel = () => {};

describe('boundedChat', () => {
  it('cuts a whole answer at maxChars, and passes a shorter one and the request as they are', async () => {
    const { provider, seen } = scriptedProvider(' '.repeat(50_000));
    const reply = await boundedChat(provider, anyModel).complete(ask(4_000));
    expect(reply.text).toBe(' '.repeat(4_000));
    expect(seen.requests).toEqual([ask(4_000)]);
    expect((await boundedChat(scriptedProvider('Hi').provider, anyModel).complete(ask(4_000))).text).toBe(
      'Hi',
    );
  });

  it('cuts a stream at maxChars across pieces and stops reading the provider there', async () => {
    const { provider, seen } = scriptedProvider('', ['abcd', 'efgh', 'ijkl', 'mnop']);
    expect(await collect(boundedChat(provider, anyModel).stream(ask(6)))).toEqual(['abcd', 'ef']);
    expect(seen.piecesSent).toBe(2);
    expect(seen.streamClosed).toBe(true);
  });

  it('stops at a piece that ends exactly on the cut, and streams a shorter answer whole', async () => {
    const exact = scriptedProvider('', ['abcd', 'efgh', 'ijkl']);
    expect(await collect(boundedChat(exact.provider, anyModel).stream(ask(8)))).toEqual(['abcd', 'efgh']);
    expect(exact.seen.piecesSent).toBe(2);
    const short = scriptedProvider('', ['ab', 'cd']);
    expect(await collect(boundedChat(short.provider, anyModel).stream(ask(8)))).toEqual(['ab', 'cd']);
  });

  it('refuses a model before calling the provider, whole or streamed', async () => {
    const { provider, seen } = scriptedProvider('Hi');
    const refuse = () => {
      throw new AppError('validation_failed', verbatim('not offered'));
    };
    await expect(boundedChat(provider, refuse).complete(ask(10))).rejects.toThrow('not offered');
    await expect(collect(boundedChat(provider, refuse).stream(ask(10)))).rejects.toThrow('not offered');
    expect(seen.requests).toEqual([]);
  });
});

describe('cutAt', () => {
  it('never leaves half of a surrogate pair', () => {
    expect(cutAt('ab😀cd', 3)).toBe('ab');
    expect(cutAt('ab😀cd', 4)).toBe('ab😀');
    expect(cutAt('abc', 0)).toBe('');
    expect(cutAt('abc', 5)).toBe('abc');
  });
});
