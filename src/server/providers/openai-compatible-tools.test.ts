import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AiProviderId, aiProviderIds, providerCanUseTools } from '#shared/ai.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { failureOf } from '#tests/setup/failure-of.ts';
import { collect } from '#tests/setup/stream-pieces.ts';
import { testAiConfig } from '#tests/setup/test-app.ts';
import { createAiProviders } from './ai-providers.ts';
import { boundedChat } from './bounded-chat.ts';
import {
  type ChatRequest,
  type ChatStreamPiece,
  type ChatToolDefinition,
  type ChatTurn,
  canUseTools,
  TOOL_CALL_BOUNDS,
  type ToolCallingChatProvider,
} from './chat-provider.ts';
import { createOpenAiCompatibleChat, ToolCallAssembly } from './openai-compatible-chat.ts';
import { createStraicoChat } from './straico-chat.ts';

/**
 * Tool calling over the OpenAI wire (OpenRouter and local servers) against the local fakes: the tools and tool
 * turns sent, the calls read back whole and assembled from a stream's fragments, and their bounds.
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

function openRouterChat(): ToolCallingChatProvider {
  return createOpenAiCompatibleChat({
    id: 'openrouter',
    baseUrl: openRouter.baseUrl,
    apiKey: FAKE_API_KEY,
    timeoutMs: 5_000,
    maxRetries: 0,
  });
}

const listTasks: ChatToolDefinition = {
  name: 'list_tasks',
  description: "Lists the member's tasks",
  parameters: { type: 'object', properties: { status: { type: 'string' } }, additionalProperties: false },
};
const createTask: ChatToolDefinition = {
  name: 'create_task',
  description: 'Proposes a new task',
  parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
};

const ask = (content: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'openrouter/auto',
  maxTokens: 300,
  maxChars: 10_000,
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content },
  ],
  tools: [listTasks, createTask],
  ...extra,
});

async function pieces(stream: AsyncIterable<ChatStreamPiece>): Promise<ChatStreamPiece[]> {
  const all: ChatStreamPiece[] = [];
  for await (const piece of stream) all.push(piece);
  return all;
}

describe('whole answers with tools', () => {
  it('sends the tools as function tools with tool_choice auto, and answers the calls with their raw arguments', async () => {
    openRouter.enqueue({
      kind: 'tool-calls',
      calls: [
        { id: 'call_a', name: 'list_tasks', arguments: '{"status":"todo"}' },
        { id: 'call_b', name: 'create_task', arguments: '{"title":"Buy milk"}' },
      ],
    });
    const reply = await openRouterChat().complete(ask('What is on my list?'));

    expect(reply).toEqual({
      text: '',
      model: 'openai/gpt-4o-mini',
      toolCalls: [
        { id: 'call_a', name: 'list_tasks', arguments: '{"status":"todo"}' },
        { id: 'call_b', name: 'create_task', arguments: '{"title":"Buy milk"}' },
      ],
    });
    const [request] = openRouter.chatRequests();
    expect(request?.body.tools).toEqual([
      { type: 'function', function: listTasks },
      { type: 'function', function: createTask },
    ]);
    expect(request?.body.tool_choice).toBe('auto');
  });

  it('sends no tools and no tool_choice when a request has none (every caller before tools)', async () => {
    const reply = await openRouterChat().complete(ask('Hello', { tools: undefined }));
    expect(reply).toEqual({ text: 'Lumara heard: "Hello"', model: 'openai/gpt-4o-mini' });
    const body = openRouter.chatRequests()[0]?.body ?? {};
    expect('tools' in body).toBe(false);
    expect('tool_choice' in body).toBe(false);
  });

  it('sends tool_choice none when asked to answer in words', async () => {
    await openRouterChat().complete(ask('[tool:list_tasks] now answer', { toolChoice: 'none' }));
    expect(openRouter.chatRequests()[0]?.body.tool_choice).toBe('none');
  });

  it('sends the tool turns back as tool_calls and tool messages, and reads the answer that follows', async () => {
    const messages: ChatTurn[] = [
      { role: 'user', content: 'What is on my list?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_a', name: 'list_tasks', arguments: '{}' }],
      },
      { role: 'tool', toolCallId: 'call_a', content: '[{"id":1,"title":"Buy milk"}]' },
    ];
    const reply = await openRouterChat().complete(ask('', { messages }));

    expect(reply.text).toBe('Tools answered: [{"id":1,"title":"Buy milk"}]');
    expect(reply.toolCalls).toBeUndefined();
    expect(openRouter.chatRequests()[0]?.body.messages).toEqual([
      { role: 'user', content: 'What is on my list?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'list_tasks', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '[{"id":1,"title":"Buy milk"}]' },
    ]);
  });

  it('keeps the text of a turn that both wrote and called tools', async () => {
    openRouter.enqueue({
      kind: 'tool-calls',
      text: 'Let me look.',
      calls: [{ name: 'list_tasks', arguments: '{}' }],
    });
    const reply = await openRouterChat().complete(ask('[tool:list_tasks]'));
    expect(reply.text).toBe('Let me look.');
    expect(reply.toolCalls).toEqual([{ id: 'call_1', name: 'list_tasks', arguments: '{}' }]);
  });

  it('is refused (502) when a tool result answers no call, as OpenAI refuses it', async () => {
    const error = await failureOf(
      openRouterChat().complete(
        ask('', {
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'tool', toolCallId: 'nobody', content: 'x' },
          ],
        }),
      ),
    );
    expect(error.code).toBe('provider_failed');
    expect(error.message).toContain("role 'tool' must be a response");
  });

  it('cuts the calls of a whole answer to their bounds', async () => {
    openRouter.enqueue({
      kind: 'tool-calls',
      calls: Array.from({ length: TOOL_CALL_BOUNDS.callsMax + 5 }, (_, i) => ({
        id: `call_${i}`,
        name: 'create_task',
        arguments: JSON.stringify({ title: 'x'.repeat(1_500) }),
      })),
    });
    const reply = await openRouterChat().complete(ask('many'));
    const calls = reply.toolCalls ?? [];
    expect(calls).toHaveLength(TOOL_CALL_BOUNDS.callsMax);
    const total = calls.reduce((sum, call) => sum + call.arguments.length, 0);
    expect(total).toBe(TOOL_CALL_BOUNDS.argumentChars);
    // The calls past the budget keep their place with what was left of it: nothing, or a cut that is not JSON.
    expect(calls.at(-1)?.arguments).toBe('');
    expect(() => JSON.parse(calls[13]?.arguments ?? '')).toThrow();
  });
});

describe('streamed answers with tools', () => {
  it('yields the text, then the calls assembled from fragments whose arguments arrive in many chunks', async () => {
    const args = JSON.stringify({
      title: 'Write the quarterly report',
      due_date: '2025-01-31',
      notes: 'é 😀',
    });
    openRouter.enqueue({
      kind: 'tool-calls',
      text: 'I will propose it.',
      argumentPieces: 40,
      calls: [
        { id: 'call_1', name: 'create_task', arguments: args },
        { id: 'call_2', name: 'list_tasks', arguments: '{"status":"done"}' },
      ],
    });
    const all = await pieces(openRouterChat().streamTurn(ask('Plan my report')));

    const text = all.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    expect(text).toBe('I will propose it.');
    expect(all.at(-1)).toEqual({
      type: 'tool_calls',
      calls: [
        { id: 'call_1', name: 'create_task', arguments: args },
        { id: 'call_2', name: 'list_tasks', arguments: '{"status":"done"}' },
      ],
    });
    expect(all.filter((p) => p.type === 'tool_calls')).toHaveLength(1);
    expect(openRouter.chatRequests()[0]?.body).toMatchObject({ stream: true, tool_choice: 'auto' });
  });

  it('yields only the text through stream(), so every consumer before tools reads as it did', async () => {
    openRouter.enqueue({
      kind: 'tool-calls',
      text: 'Looking.',
      calls: [{ name: 'list_tasks', arguments: '{}' }],
    });
    expect((await collect(openRouterChat().stream(ask('x')))).join('')).toBe('Looking.');
  });

  it('yields no tool_calls piece when the model called none', async () => {
    const all = await pieces(openRouterChat().streamTurn(ask('Just talk')));
    expect(all.every((p) => p.type === 'text')).toBe(true);
    expect(all.map((p) => (p.type === 'text' ? p.text : '')).join('')).toBe('Lumara heard: "Just talk"');
  });

  it('stops reading at the argument bound: the calls so far, the last one cut', async () => {
    openRouter.enqueue({
      kind: 'tool-calls',
      argumentPieces: 50,
      calls: [
        { id: 'call_big', name: 'create_task', arguments: JSON.stringify({ title: 'y'.repeat(30_000) }) },
        { id: 'call_after', name: 'list_tasks', arguments: '{}' },
      ],
    });
    const all = await pieces(openRouterChat().streamTurn(ask('big')));
    const last = all.at(-1);
    expect(last?.type).toBe('tool_calls');
    const calls = last?.type === 'tool_calls' ? last.calls : [];
    expect(calls.map((c) => c.id)).toEqual(['call_big']);
    expect(calls[0]?.arguments).toHaveLength(TOOL_CALL_BOUNDS.argumentChars);
    expect(() => JSON.parse(calls[0]?.arguments ?? '')).toThrow();
  });

  it('assembles calls from a local server (Ollama flavour, no keep-alive comments)', async () => {
    ollama.enqueue({ kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{"label":"home"}' }] });
    const local = createOpenAiCompatibleChat({
      id: 'local',
      baseUrl: ollama.baseUrl,
      apiKey: 'ollama',
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    const all = await pieces(local.streamTurn(ask('[tool:list_tasks]', { model: 'llama3.2' })));
    expect(all).toEqual([
      { type: 'tool_calls', calls: [{ id: 'call_1', name: 'list_tasks', arguments: '{"label":"home"}' }] },
    ]);
  });

  it('reports an error chunk mid-stream as 502, after the text that arrived', async () => {
    openRouter.enqueue({ kind: 'midstream-error', textBefore: 'Half', message: 'Provider disconnected' });
    const seen: ChatStreamPiece[] = [];
    const error = await failureOf(
      (async () => {
        for await (const piece of openRouterChat().streamTurn(ask('x'))) seen.push(piece);
      })(),
    );
    expect(error.code).toBe('provider_failed');
    expect(seen).toEqual([{ type: 'text', text: 'Half' }]);
  });

  it('throws the abort when the caller stops a turn', async () => {
    openRouter.enqueue({ kind: 'stall', textBefore: 'Thinking' });
    const controller = new AbortController();
    const stream = openRouterChat()
      .streamTurn(ask('x', { signal: controller.signal }))
      [Symbol.asyncIterator]();
    expect(await stream.next()).toEqual({ done: false, value: { type: 'text', text: 'Thinking' } });
    controller.abort(new Error('stopped'));
    await expect(stream.next()).rejects.toThrow('stopped');
  });
});

describe('which providers can use tools', () => {
  it('the bounded client keeps streamTurn on the OpenAI wire, and Straico has none', () => {
    const anyModel = () => {};
    expect(canUseTools(boundedChat(openRouterChat(), anyModel))).toBe(true);
    const straico = createStraicoChat({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      timeoutMs: 1_000,
      maxRetries: 0,
    });
    expect(canUseTools(straico)).toBe(false);
    expect(canUseTools(boundedChat(straico, anyModel))).toBe(false);
  });

  it('every chat provider can use tools exactly when the catalogue says so', () => {
    const ai = createAiProviders({
      ...testAiConfig(),
      openRouter: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9/api/v1' },
      straico: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' },
      openAiCompatible: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined, models: [] },
    });
    const chatting = aiProviderIds.filter((id): id is Exclude<AiProviderId, 'fal'> => id !== 'fal');
    for (const id of chatting) expect([id, canUseTools(ai.chat(id))]).toEqual([id, providerCanUseTools(id)]);
  });

  it('the bounded streamTurn cuts the text at maxChars and the calls to their bounds', async () => {
    openRouter.enqueue({
      kind: 'tool-calls',
      text: 'word '.repeat(10),
      calls: [{ name: 'list_tasks', arguments: '{}' }],
    });
    const bounded = boundedChat(openRouterChat(), () => {});
    if (!canUseTools(bounded)) throw new Error('the bounded client lost streamTurn');
    const all = await pieces(bounded.streamTurn(ask('x', { maxChars: 12 })));
    // The cut ends the stream there, as `stream` does: the calls after the text are not read.
    expect(all).toEqual([
      { type: 'text', text: 'word ' },
      { type: 'text', text: 'word ' },
      { type: 'text', text: 'wo' },
    ]);
  });
});

describe('assembling streamed tool calls from their fragments', () => {
  const assemble = (...chunks: unknown[][]) => {
    const assembly = new ToolCallAssembly();
    for (const fragments of chunks) assembly.add(fragments);
    return assembly.result();
  };

  it('joins the arguments of each index, in index order whatever order the fragments came in', () => {
    expect(
      assemble(
        [{ index: 1, id: 'b', type: 'function', function: { name: 'list_tasks', arguments: '' } }],
        [{ index: 0, id: 'a', type: 'function', function: { name: 'create_task', arguments: '{"ti' } }],
        [
          { index: 1, function: { arguments: '{}' } },
          { index: 0, function: { arguments: 'tle":"x"}' } },
        ],
      ),
    ).toEqual([
      { id: 'a', name: 'create_task', arguments: '{"title":"x"}' },
      { id: 'b', name: 'list_tasks', arguments: '{}' },
    ]);
  });

  it('takes a new id at an index in use as a new call (upstreams that give every call index 0)', () => {
    expect(
      assemble(
        [{ index: 0, id: 'a', function: { name: 'list_tasks', arguments: '{}' } }],
        [{ index: 0, id: 'b', function: { name: 'get_calendar', arguments: '{"from":"2025-01-01",' } }],
        [{ index: 0, id: 'b', function: { arguments: '"to":"2025-01-02"}' } }],
      ),
    ).toEqual([
      { id: 'a', name: 'list_tasks', arguments: '{}' },
      { id: 'b', name: 'get_calendar', arguments: '{"from":"2025-01-01","to":"2025-01-02"}' },
    ]);
  });

  it('reads calls without index or id, arguments sent as an object, and leaves out a call that has no name', () => {
    expect(
      assemble([
        { function: { name: 'list_tasks', arguments: { status: 'todo' } } },
        { function: { arguments: '{}' } },
        null,
      ]),
    ).toEqual([{ id: 'call_0', name: 'list_tasks', arguments: '{"status":"todo"}' }]);
  });

  it(`keeps the first ${TOOL_CALL_BOUNDS.callsMax} calls`, () => {
    const calls = assemble(
      Array.from({ length: TOOL_CALL_BOUNDS.callsMax + 3 }, (_, index) => ({
        index,
        id: `c${index}`,
        function: { name: 'list_tasks', arguments: '{}' },
      })),
    );
    expect(calls.map((c) => c.id)).toEqual(
      Array.from({ length: TOOL_CALL_BOUNDS.callsMax }, (_, i) => `c${i}`),
    );
  });
});
