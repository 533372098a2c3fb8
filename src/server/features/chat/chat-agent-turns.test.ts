import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boundedChat } from '#server/providers/bounded-chat.ts';
import {
  type ChatRequest,
  type ChatToolDefinition,
  canUseTools,
  type ToolCallingChatProvider,
} from '#server/providers/chat-provider.ts';
import { createOpenAiCompatibleChat } from '#server/providers/openai-compatible-chat.ts';
import { AGENT_TOOL_LIMITS } from '#shared/agent-tools.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  type RecordedMessage,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { failureOf } from '#tests/setup/failure-of.ts';
import {
  type AgentStreamPiece,
  type ChatToolbox,
  completeAgentTurns,
  PROPOSED_NOTE,
  streamAgentTurns,
  type ToolOutcome,
} from './chat-agent-turns.ts';

/**
 * The reply loop that lets the model use tools, against the fake OpenAI server (through the bounded client every
 * feature gets) and a toolbox that reads a fixed list: read rounds, write calls collected, the round cap, bad
 * calls answered to the model, streamed calls assembled, provider failures and Stop.
 */

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const MEMBER = 7;
const TASKS = JSON.stringify([
  { id: 1, title: 'Buy milk', status: 'todo' },
  { id: 2, title: 'Call mum', status: 'done' },
]);

const tool = (name: string): ChatToolDefinition => ({
  name,
  description: `The ${name} tool`,
  parameters: { type: 'object', properties: {} },
});

/** A toolbox reading a fixed list; `read` replaces how reads answer. It notes every read it was asked. */
function fixedToolbox(read?: (name: string, args: unknown) => Promise<ToolOutcome>) {
  const reads: { memberId: number; name: string; args: unknown }[] = [];
  const toolbox: ChatToolbox = {
    definitions: [tool('list_tasks'), tool('get_calendar'), tool('create_task'), tool('delete_task')],
    async runRead(memberId, name, args) {
      reads.push({ memberId, name, args });
      return read ? read(name, args) : { ok: true, content: TASKS };
    },
  };
  return { toolbox, reads };
}

function provider(): ToolCallingChatProvider {
  const client = boundedChat(
    createOpenAiCompatibleChat({
      id: 'openrouter',
      baseUrl: server.baseUrl,
      apiKey: FAKE_API_KEY,
      timeoutMs: 5_000,
      maxRetries: 0,
    }),
    () => {},
  );
  if (!canUseTools(client)) throw new Error('the OpenAI client lost its tools');
  return client;
}

const request = (content: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'openrouter/auto',
  maxTokens: 500,
  maxChars: 20_000,
  messages: [
    { role: 'system', content: 'You are Lumara.' },
    { role: 'user', content },
  ],
  ...extra,
});

async function run(
  toolbox: ChatToolbox,
  content: string,
  extra: Partial<ChatRequest> = {},
): Promise<AgentStreamPiece[]> {
  const pieces: AgentStreamPiece[] = [];
  for await (const piece of streamAgentTurns({
    provider: provider(),
    request: request(content, extra),
    toolbox,
    memberId: MEMBER,
  }))
    pieces.push(piece);
  return pieces;
}

const textOf = (pieces: AgentStreamPiece[]) =>
  pieces.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
const toolEvents = (pieces: AgentStreamPiece[]) =>
  pieces.flatMap((p) => (p.type === 'tool' ? [`${p.name}:${p.status}`] : []));
const toolMessages = (messages: RecordedMessage[] | undefined) =>
  (messages ?? []).filter((m) => m.role === 'tool');

describe('a read round, then the answer', () => {
  it('runs the read tool, sends its result back as a tool message and streams the answer that follows', async () => {
    const { toolbox, reads } = fixedToolbox();
    server.enqueue({
      kind: 'tool-calls',
      calls: [{ id: 'call_list', name: 'list_tasks', arguments: '{"status":"todo"}' }],
    });
    const pieces = await run(toolbox, 'What should I do today?');

    expect(reads).toEqual([{ memberId: MEMBER, name: 'list_tasks', args: { status: 'todo' } }]);
    expect(toolEvents(pieces)).toEqual(['list_tasks:running', 'list_tasks:done']);
    expect(textOf(pieces)).toBe(`Tools answered: ${TASKS}`);
    expect(pieces.at(-1)).toEqual({ type: 'end', writeCalls: [], rounds: 1 });

    const [first, second] = server.chatRequests();
    expect(first?.body.tools?.map((t) => t.function.name)).toEqual([
      'list_tasks',
      'get_calendar',
      'create_task',
      'delete_task',
    ]);
    expect(first?.body.tool_choice).toBe('auto');
    expect(second?.body.messages?.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_list',
            type: 'function',
            function: { name: 'list_tasks', arguments: '{"status":"todo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_list', content: TASKS },
    ]);
    expect(second?.body.messages?.slice(0, 2).map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('answers whole the same way, naming the model that answered', async () => {
    const { toolbox } = fixedToolbox();
    server.enqueue({ kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] });
    const reply = await completeAgentTurns({
      provider: provider(),
      request: request('What is on my list?'),
      toolbox,
      memberId: MEMBER,
    });
    expect(reply).toEqual({
      text: `Tools answered: ${TASKS}`,
      model: 'openai/gpt-4o-mini',
      writeCalls: [],
      rounds: 1,
    });
    expect(server.chatRequests().map((r) => r.body.stream ?? false)).toEqual([false, false]);
  });

  it('answers at once without tools when the model calls none', async () => {
    const { toolbox, reads } = fixedToolbox();
    const pieces = await run(toolbox, 'Hello');
    expect(textOf(pieces)).toBe('Lumara heard: "Hello"');
    expect(pieces.at(-1)).toEqual({ type: 'end', writeCalls: [], rounds: 0 });
    expect(reads).toEqual([]);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("keeps each round's text, a blank line between them", async () => {
    const { toolbox } = fixedToolbox();
    server.enqueue(
      { kind: 'tool-calls', text: 'Let me look.', calls: [{ name: 'list_tasks', arguments: '{}' }] },
      { kind: 'reply', text: 'You have one task left.' },
    );
    const pieces = await run(toolbox, 'What is left?');
    expect(textOf(pieces)).toBe('Let me look.\n\nYou have one task left.');
    // The model gets its own words back, without the blank line.
    expect(server.chatRequests()[1]?.body.messages?.at(-2)?.content).toBe('Let me look.');
  });

  it('assembles a call whose arguments arrive in many chunks before running it', async () => {
    const { toolbox, reads } = fixedToolbox();
    const args = { from: '2025-01-01', to: '2025-01-31' };
    server.enqueue({
      kind: 'tool-calls',
      argumentPieces: 30,
      calls: [{ name: 'get_calendar', arguments: JSON.stringify(args) }],
    });
    await run(toolbox, 'What is coming up?');
    expect(reads).toEqual([{ memberId: MEMBER, name: 'get_calendar', args }]);
  });

  it('cuts a read result at the bound before the model reads it', async () => {
    const { toolbox } = fixedToolbox(async () => ({ ok: true, content: 'z'.repeat(50_000) }));
    server.enqueue({ kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] });
    await run(toolbox, 'Everything please');
    const [result] = toolMessages(server.chatRequests()[1]?.body.messages);
    expect(result?.content).toHaveLength(AGENT_TOOL_LIMITS.resultChars);
  });
});

describe('write calls', () => {
  it('collects them without running them, tells the model they were proposed, and ends with them', async () => {
    const { toolbox, reads } = fixedToolbox();
    server.enqueue(
      {
        kind: 'tool-calls',
        calls: [
          { id: 'call_new', name: 'create_task', arguments: '{"title":"Buy bread","due_date":"2025-02-01"}' },
          { id: 'call_del', name: 'delete_task', arguments: '{"id":2}' },
        ],
      },
      { kind: 'reply', text: 'I proposed two changes.' },
    );
    const reply = await completeAgentTurns({
      provider: provider(),
      request: request('Add bread and drop the call'),
      toolbox,
      memberId: MEMBER,
    });

    expect(reply.writeCalls).toEqual([
      { id: 'call_new', name: 'create_task', args: { title: 'Buy bread', due_date: '2025-02-01' } },
      { id: 'call_del', name: 'delete_task', args: { id: 2 } },
    ]);
    expect(reply.text).toBe('I proposed two changes.');
    expect(reads).toEqual([]);
    expect(toolMessages(server.chatRequests()[1]?.body.messages)).toEqual([
      { role: 'tool', tool_call_id: 'call_new', content: PROPOSED_NOTE },
      { role: 'tool', tool_call_id: 'call_del', content: PROPOSED_NOTE },
    ]);
  });

  it('shows no tool progress for a write, and reads and writes mix in one round', async () => {
    const { toolbox } = fixedToolbox();
    server.enqueue({
      kind: 'tool-calls',
      calls: [
        { name: 'list_tasks', arguments: '{}' },
        { name: 'create_task', arguments: '{"title":"Stretch"}' },
      ],
    });
    const pieces = await run(toolbox, 'Check and add');
    expect(toolEvents(pieces)).toEqual(['list_tasks:running', 'list_tasks:done']);
    expect(pieces.at(-1)).toEqual({
      type: 'end',
      writeCalls: [{ id: 'call_2', name: 'create_task', args: { title: 'Stretch' } }],
      rounds: 1,
    });
  });

  it("leaves out a write the toolbox refuses, answering the model the toolbox's reason", async () => {
    const { toolbox } = fixedToolbox();
    toolbox.checkWrite = async (_memberId, _name, args) =>
      (args as { title?: string }).title
        ? { ok: true, content: '{"status":"proposed"}' }
        : { ok: false, content: '{"error":"title is required"}' };
    server.enqueue({
      kind: 'tool-calls',
      calls: [
        { id: 'bad', name: 'create_task', arguments: '{}' },
        { id: 'good', name: 'create_task', arguments: '{"title":"Read"}' },
      ],
    });
    const reply = await completeAgentTurns({
      provider: provider(),
      request: request('Add things'),
      toolbox,
      memberId: MEMBER,
    });
    expect(reply.writeCalls).toEqual([{ id: 'good', name: 'create_task', args: { title: 'Read' } }]);
    expect(toolMessages(server.chatRequests()[1]?.body.messages).map((m) => m.content)).toEqual([
      '{"error":"title is required"}',
      '{"status":"proposed"}',
    ]);
  });

  it('collects at most a proposal of changes, refusing the rest to the model', async () => {
    const { toolbox } = fixedToolbox();
    const max = AGENT_TOOL_LIMITS.changesPerProposal;
    const round = (from: number) => ({
      kind: 'tool-calls' as const,
      calls: Array.from({ length: AGENT_TOOL_LIMITS.callsPerRound }, (_, i) => ({
        id: `c${from + i}`,
        name: 'create_task',
        arguments: JSON.stringify({ title: `Task ${from + i}` }),
      })),
    });
    server.enqueue(round(0), round(10), round(20));
    const pieces = await run(toolbox, 'Plan my month');
    const end = pieces.at(-1);
    expect(end?.type === 'end' && end.writeCalls.length).toBe(max);
    const refused = toolMessages(server.chatRequests()[3]?.body.messages).filter((m) =>
      m.content?.includes('Refused'),
    );
    expect(refused).toHaveLength(30 - max);
  });
});

describe('rounds and bad calls', () => {
  it(`stops offering tools after ${AGENT_TOOL_LIMITS.roundsPerReply} rounds: the model is asked once more to answer in words`, async () => {
    const { toolbox, reads } = fixedToolbox();
    const calling = { kind: 'tool-calls' as const, calls: [{ name: 'list_tasks', arguments: '{}' }] };
    server.enqueue(
      ...Array.from({ length: AGENT_TOOL_LIMITS.roundsPerReply }, () => calling),
      // A model that calls tools anyway after tool_choice none: its calls are ignored, its words kept.
      { ...calling, text: 'That is all I can look at.' },
    );
    const pieces = await run(toolbox, 'Keep looking');

    const requests = server.chatRequests();
    expect(requests).toHaveLength(AGENT_TOOL_LIMITS.roundsPerReply + 1);
    expect(requests.map((r) => r.body.tool_choice)).toEqual([
      ...Array.from({ length: AGENT_TOOL_LIMITS.roundsPerReply }, () => 'auto'),
      'none',
    ]);
    expect(reads).toHaveLength(AGENT_TOOL_LIMITS.roundsPerReply);
    expect(textOf(pieces)).toBe('That is all I can look at.');
    expect(pieces.at(-1)).toEqual({ type: 'end', writeCalls: [], rounds: AGENT_TOOL_LIMITS.roundsPerReply });
  });

  it('answers malformed arguments to the model as an error, without running the tool, and goes on', async () => {
    const { toolbox, reads } = fixedToolbox();
    server.enqueue({
      kind: 'tool-calls',
      calls: [
        { id: 'broken', name: 'list_tasks', arguments: '{"status": "todo"' },
        { id: 'array', name: 'get_calendar', arguments: '[1, 2]' },
        { id: 'badwrite', name: 'create_task', arguments: 'title=Milk' },
      ],
    });
    const pieces = await run(toolbox, 'Go');

    expect(reads).toEqual([]);
    expect(toolEvents(pieces)).toEqual(['list_tasks:failed', 'get_calendar:failed']);
    const results = toolMessages(server.chatRequests()[1]?.body.messages);
    expect(results.map((m) => m.tool_call_id)).toEqual(['broken', 'array', 'badwrite']);
    for (const result of results) expect(JSON.parse(result.content ?? '')).toHaveProperty('error');
    expect(results[0]?.content).toContain('not valid JSON');
    expect(results[1]?.content).toContain('must be a JSON object');
    expect(pieces.at(-1)).toEqual({ type: 'end', writeCalls: [], rounds: 1 });
  });

  it('refuses an unknown tool and the calls past one round’s bound, running the rest', async () => {
    const { toolbox, reads } = fixedToolbox();
    const max = AGENT_TOOL_LIMITS.callsPerRound;
    server.enqueue({
      kind: 'tool-calls',
      calls: [
        { id: 'ghost', name: 'drop_database', arguments: '{}' },
        ...Array.from({ length: max + 1 }, (_, i) => ({ id: `r${i}`, name: 'list_tasks', arguments: '{}' })),
      ],
    });
    await run(toolbox, 'Everything');
    expect(reads).toHaveLength(max - 1);
    const results = toolMessages(server.chatRequests()[1]?.body.messages);
    expect(results).toHaveLength(max + 2);
    expect(JSON.parse(results[0]?.content ?? '')).toEqual({
      error: 'There is no tool named "drop_database".',
    });
    expect(results.slice(max).map((m) => m.content)).toEqual([
      expect.stringContaining('Refused'),
      expect.stringContaining('Refused'),
    ]);
  });

  it('answers a read tool that throws as failed, and the reply goes on', async () => {
    const { toolbox } = fixedToolbox(async () => {
      throw new Error('connection to the database lost: secret detail');
    });
    server.enqueue({ kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] });
    const pieces = await run(toolbox, 'List');
    expect(toolEvents(pieces)).toEqual(['list_tasks:running', 'list_tasks:failed']);
    const [result] = toolMessages(server.chatRequests()[1]?.body.messages);
    expect(result?.content).toContain('The tool failed');
    expect(result?.content).not.toContain('secret');
    expect(pieces.at(-1)?.type).toBe('end');
  });

  it('sends a refusal the toolbox answered to the model as it is, shown as failed', async () => {
    const { toolbox } = fixedToolbox(async () => ({ ok: false, content: '{"error":"to is before from"}' }));
    server.enqueue({
      kind: 'tool-calls',
      calls: [{ name: 'get_calendar', arguments: '{"from":"b","to":"a"}' }],
    });
    const pieces = await run(toolbox, 'Calendar');
    expect(toolEvents(pieces)).toEqual(['get_calendar:running', 'get_calendar:failed']);
    expect(toolMessages(server.chatRequests()[1]?.body.messages)[0]?.content).toBe(
      '{"error":"to is before from"}',
    );
  });
});

describe('failures and Stop', () => {
  it('throws a provider failure in a later round, after what was already streamed', async () => {
    const { toolbox } = fixedToolbox();
    server.enqueue(
      { kind: 'tool-calls', text: 'Looking.', calls: [{ name: 'list_tasks', arguments: '{}' }] },
      { kind: 'error', status: 500, message: 'Internal Server Error' },
    );
    const seen: AgentStreamPiece[] = [];
    const error = await failureOf(
      (async () => {
        for await (const piece of streamAgentTurns({
          provider: provider(),
          request: request('List'),
          toolbox,
          memberId: MEMBER,
        }))
          seen.push(piece);
      })(),
    );
    expect(error.code).toBe('provider_failed');
    expect(textOf(seen)).toBe('Looking.');
    expect(toolEvents(seen)).toEqual(['list_tasks:running', 'list_tasks:done']);
    expect(seen.some((p) => p.type === 'end')).toBe(false);
  });

  it('throws a failure mid-stream in a later round, and whole answers throw it too', async () => {
    const { toolbox } = fixedToolbox();
    server.enqueue(
      { kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] },
      { kind: 'midstream-error', textBefore: 'Half', message: 'Provider disconnected' },
    );
    expect((await failureOf(run(toolbox, 'x'))).code).toBe('provider_failed');

    server.enqueue(
      { kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] },
      { kind: 'error', status: 402, message: 'Insufficient credits' },
    );
    const whole = await failureOf(
      completeAgentTurns({ provider: provider(), request: request('x'), toolbox, memberId: MEMBER }),
    );
    expect(whole.message).toContain('Insufficient credits');
  });

  it('stops when the member stops while a tool runs: the abort is thrown and the model is not asked again', async () => {
    const controller = new AbortController();
    const { toolbox } = fixedToolbox(async () => {
      controller.abort(new Error('stopped by the member'));
      return { ok: true, content: TASKS };
    });
    server.enqueue({
      kind: 'tool-calls',
      calls: [
        { name: 'list_tasks', arguments: '{}' },
        { name: 'list_tasks', arguments: '{"status":"done"}' },
      ],
    });
    await expect(run(toolbox, 'List', { signal: controller.signal })).rejects.toThrow(
      'stopped by the member',
    );
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('stops a model call under way in a later round with the abort', async () => {
    const controller = new AbortController();
    const { toolbox } = fixedToolbox();
    server.enqueue(
      { kind: 'tool-calls', calls: [{ name: 'list_tasks', arguments: '{}' }] },
      { kind: 'stall', textBefore: 'Thinking' },
    );
    const seen: AgentStreamPiece[] = [];
    const stopped = (async () => {
      for await (const piece of streamAgentTurns({
        provider: provider(),
        request: request('List', { signal: controller.signal }),
        toolbox,
        memberId: MEMBER,
      })) {
        seen.push(piece);
        if (piece.type === 'text') controller.abort(new Error('stopped'));
      }
    })();
    await expect(stopped).rejects.toThrow('stopped');
    expect(textOf(seen)).toBe('Thinking');
  });
});
