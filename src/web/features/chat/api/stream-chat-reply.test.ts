import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { controlledSse, sseAnswer, sseFrame } from '#tests/web-kit/studio/event-stream.ts';
import { buildMessage } from '#tests/web-kit/studio/studio-handlers.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { streamChatReply } from './stream-chat-reply.ts';

const body = {
  threadId: 5,
  content: 'Hello',
  provider: 'openrouter' as const,
  model: 'openrouter/auto',
  lumaraSystem: true,
  styleMode: 'default' as const,
};

/** `POST /api/chat/stream` answers what `answer` makes. */
function answerChatStream(answer: () => Response) {
  server.use(http.post('/api/chat/stream', answer));
}

describe('streamChatReply', () => {
  it('POSTs JSON asking for an event stream, and reports user, deltas and done in order', async () => {
    const userMessage = buildMessage(5, { content: 'Hello' });
    const aiMessage = buildMessage(5, { role: 'assistant', content: 'Hi there' });
    // Watched, not replaced (MSW still answers): the options the call was made with.
    vi.spyOn(globalThis, 'fetch');
    answerChatStream(() =>
      sseAnswer([
        `: OPENROUTER PROCESSING\n\n${sseFrame('user', { userMessage })}`,
        sseFrame('delta', { text: 'Hi ' }).slice(0, 10),
        sseFrame('delta', { text: 'Hi ' }).slice(10) + sseFrame('ping', {}),
        sseFrame('delta', { text: 'there' }),
        sseFrame('done', { aiMessage }),
      ]),
    );
    const seen: string[] = [];
    const result = await streamChatReply(
      { kind: 'send', body },
      {
        onUserMessage: (message) => seen.push(`user:${message.id}`),
        onDelta: (text) => seen.push(`delta:${text}`),
      },
    );
    await result.closed;

    expect(seen).toEqual([`user:${userMessage.id}`, 'delta:Hi ', 'delta:there']);
    expect(result.aiMessage).toEqual(aiMessage);
    const [request] = requestsTo('/api/chat/stream', 'POST');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Accept')).toBe('text/event-stream');
    expect(JSON.parse(request?.body ?? '')).toEqual(body);
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('asks /api/chat/regenerate for a new reply', async () => {
    const aiMessage = buildMessage(5, { role: 'assistant', content: 'Again' });
    server.use(http.post('/api/chat/regenerate', () => sseAnswer([sseFrame('done', { aiMessage })])));
    const { threadId, provider, model } = body;
    await streamChatReply({ kind: 'regenerate', body: { threadId, provider, model } });
    expect(requestsTo('/api/chat/regenerate', 'POST')).toHaveLength(1);
  });

  it('answers at done while the server still holds the stream open, and settles `closed` when it ends', async () => {
    const aiMessage = buildMessage(5, { role: 'assistant', content: 'Done' });
    const stream = controlledSse();
    answerChatStream(() => stream.response);
    const replying = streamChatReply({ kind: 'send', body });
    stream.send('done', { aiMessage });
    const result = await replying;
    expect(result.aiMessage.id).toBe(aiMessage.id);
    const closed = vi.fn();
    void result.closed.then(closed);
    await Promise.resolve();
    expect(closed).not.toHaveBeenCalled();
    stream.close();
    await result.closed;
    expect(closed).toHaveBeenCalled();
  });

  it('reads a JSON error answer into an ApiError with the server’s reason', async () => {
    answerChatStream(() =>
      errorResponse(
        503,
        'provider_not_configured',
        'OpenRouter is not configured on this server: set OPENROUTER_API_KEY',
      ),
    );
    const failure = streamChatReply({ kind: 'send', body });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 503,
      code: 'provider_not_configured',
      message: 'OpenRouter is not configured on this server: set OPENROUTER_API_KEY',
    });
  });

  it('turns an error event into an ApiError after the member message arrived', async () => {
    const userMessage = buildMessage(5);
    answerChatStream(() =>
      sseAnswer([
        sseFrame('user', { userMessage }),
        sseFrame('delta', { text: 'Half' }),
        sseFrame('error', { code: 'provider_failed', message: 'Provider disconnected unexpectedly' }),
      ]),
    );
    const onUserMessage = vi.fn();
    await expect(streamChatReply({ kind: 'send', body }, { onUserMessage })).rejects.toMatchObject({
      status: 502,
      code: 'provider_failed',
      message: 'Provider disconnected unexpectedly',
    });
    expect(onUserMessage).toHaveBeenCalledOnce();
  });

  it('refuses a stream that ends without done, and an event that breaks the contract', async () => {
    answerChatStream(() => sseAnswer([sseFrame('delta', { text: 'Half' })]));
    await expect(streamChatReply({ kind: 'send', body })).rejects.toThrow('stopped before it was finished');

    answerChatStream(() => sseAnswer([sseFrame('done', { aiMessage: { id: 'nope' } })]));
    await expect(streamChatReply({ kind: 'send', body })).rejects.toThrow('a malformed done event');

    answerChatStream(() => sseAnswer(['event: delta\ndata: {not json\n\n']));
    await expect(streamChatReply({ kind: 'send', body })).rejects.toThrow('the delta event is not JSON');
  });

  it('stops with an AbortError when its signal aborts mid-stream', async () => {
    const controller = new AbortController();
    const started = deferred<void>();
    answerChatStream(() => {
      const stream = controlledSse();
      stream.send('delta', { text: 'Some' });
      started.resolve();
      return stream.response;
    });
    const onDelta = vi.fn();
    const replying = streamChatReply({ kind: 'send', body }, { signal: controller.signal, onDelta });
    await started.promise;
    await vi.waitFor(() => expect(onDelta).toHaveBeenCalledWith('Some'));
    controller.abort();
    await expect(replying).rejects.toMatchObject({ name: 'AbortError' });
  });
});
