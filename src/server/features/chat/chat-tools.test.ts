import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatMessages, chatProposals } from '#server/db/schema.ts';
import {
  AGENT_TOOL_LIMITS,
  applyProposalResponseSchema,
  PLAN_MY_DAY_PROMPT,
  type ProposalChange,
} from '#shared/agent-tools.ts';
import { chatThreadDetailSchema } from '#shared/chat.ts';
import { systemPromptFor, TOOLS_INSTRUCTION } from '#shared/chat-persona.ts';
import { type Task, taskListSchema } from '#shared/tasks.ts';
import {
  buildSendBody,
  createThreadAs,
  deltaText,
  readChatEvents,
  readChatEventsUntil,
  sendAs,
} from '#tests/factories/chat.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  type ScriptedAnswer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import {
  FAKE_STRAICO_API_KEY,
  type FakeStraicoServer,
  startFakeStraicoServer,
} from '#tests/fakes/straico-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Tools in chat (issue 30): a reply on a provider that can call tools reads the member's data with the agent
 * tools and proposes changes, which the member applies. Against the fake OpenRouter (scripted tool calls) and
 * the fake Straico (no tools: replies as before).
 */

let fake: FakeOpenAiServer;
let straico: FakeStraicoServer;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  straico = await startFakeStraicoServer();
  t = await buildTestApp({
    ai: {
      openRouter: { apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl },
      straico: { apiKey: FAKE_STRAICO_API_KEY, baseUrl: straico.baseUrl },
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await straico.close();
});
beforeEach(() => {
  fake.reset();
  straico.reset();
});

type Member = Awaited<ReturnType<typeof signInMember>>;

const day = (offsetDays: number) =>
  new Date(t.clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function tasksOf(member: Member): Promise<Task[]> {
  const response = await t.request('/api/tasks', { cookie: member.cookie });
  expect(response.status).toBe(200);
  return taskListSchema.parse(await response.json());
}

const call = (id: string, name: string, args: unknown) => ({ id, name, arguments: JSON.stringify(args) });

/** A member with two tasks, and the fake scripted to plan their day: read the tasks, then propose three changes. */
async function planningMember(options: { textFirst?: boolean } = {}) {
  const member = await signInMember(t);
  const report = await createTaskAs(t, member.cookie, { title: 'Send the report', due_date: day(0) });
  const call_ = await createTaskAs(t, member.cookie, { title: 'Call the printer', due_date: day(0) });
  const thread = await createThreadAs(t, member.cookie, 'Today');
  const answers: ScriptedAnswer[] = [
    {
      kind: 'tool-calls',
      calls: [call('read-1', 'list_tasks', {})],
      ...(options.textFirst ? { text: 'Let me look.' } : {}),
    },
    {
      kind: 'tool-calls',
      calls: [
        call('write-1', 'create_task', { title: 'Outline the talk', due_date: day(0), due_time: '10:00' }),
        call('write-2', 'update_task', { id: report.id, due_date: day(1) }),
        call('write-3', 'complete_task', { id: call_.id }),
      ],
    },
    { kind: 'reply', text: 'I suggest outlining the talk at 10, moving the report to tomorrow.' },
  ];
  fake.enqueue(...answers);
  return { member, thread, report, printer: call_ };
}

function expectPlanProposal(changes: ProposalChange[] | undefined) {
  expect(changes?.map((change) => [change.tool, change.valid])).toEqual([
    ['create_task', true],
    ['update_task', true],
    ['complete_task', true],
  ]);
}

describe('a reply that uses tools', () => {
  it('reads the tasks, then proposes three changes on the stored reply; nothing changes before apply', async () => {
    const { member, thread, report, printer } = await planningMember({ textFirst: true });
    const before = await tasksOf(member);

    const { aiMessage } = await sendAs(
      t,
      member.cookie,
      buildSendBody(thread.id, { content: 'Plan my day' }),
    );
    expect(aiMessage.content).toBe(
      'Let me look.\n\nI suggest outlining the talk at 10, moving the report to tomorrow.',
    );
    expect(aiMessage.proposal?.status).toBe('pending');
    expectPlanProposal(aiMessage.proposal?.changes);

    // The model was offered the tools, told of them, and read the member's tasks in the second round.
    const requests = fake.chatRequests();
    expect(requests).toHaveLength(3);
    const first = requests[0]?.body;
    expect(first?.tools?.map((tool) => tool.function.name)).toContain('list_tasks');
    expect(first?.messages?.[0]?.content).toBe(systemPromptFor('default', 'en', { tools: true }));
    expect(first?.messages?.[0]?.content).toContain(TOOLS_INSTRUCTION);
    const toolResult = requests[1]?.body.messages?.at(-1);
    expect(toolResult?.role).toBe('tool');
    expect(toolResult?.content).toContain('Send the report');
    expect(toolResult?.content).toContain('Call the printer');

    // Proposed, not done.
    expect(await tasksOf(member)).toEqual(before);

    // The thread shows the reply with its proposal.
    const detail = chatThreadDetailSchema.parse(
      await (await t.request(`/api/chat/thread/${thread.id}`, { cookie: member.cookie })).json(),
    );
    expect(detail.messages.at(-1)?.proposal).toEqual(aiMessage.proposal);
    expect(detail.messages.at(-2)?.proposal).toBeUndefined();

    // Applying makes all three changes.
    const applied = await t.request(`/api/chat/proposals/${aiMessage.proposal?.id}/apply`, {
      method: 'POST',
      cookie: member.cookie,
    });
    expect(applied.status).toBe(200);
    expect(applyProposalResponseSchema.parse(await applied.json()).results).toHaveLength(3);
    const after = await tasksOf(member);
    expect(after.find((task) => task.title === 'Outline the talk')?.due_date).toBe(day(0));
    expect(after.find((task) => task.id === report.id)?.due_date).toBe(day(1));
    expect(after.find((task) => task.id === printer.id)?.status).toBe('done');
  });

  it('streams the same: user, tool running/done, deltas, proposal, then done with the proposal', async () => {
    const { member, thread } = await planningMember();
    const before = await tasksOf(member);

    const response = await t.request('/api/chat/stream', {
      method: 'POST',
      cookie: member.cookie,
      body: buildSendBody(thread.id, { content: 'Plan my day' }),
    });
    expect(response.status).toBe(200);
    const events = await readChatEvents(response);
    const names = events.map((event) => event.event);
    expect(names.filter((name, i) => name !== names[i - 1])).toEqual([
      'user',
      'tool',
      'delta',
      'proposal',
      'done',
    ]);
    expect(events.filter((event) => event.event === 'tool').map((event) => event.data)).toEqual([
      { name: 'list_tasks', status: 'running' },
      { name: 'list_tasks', status: 'done' },
    ]);
    expect(deltaText(events)).toBe('I suggest outlining the talk at 10, moving the report to tomorrow.');
    const proposal = events.find((event) => event.event === 'proposal');
    const done = events.at(-1);
    if (proposal?.event !== 'proposal' || done?.event !== 'done') throw new Error('no proposal or done');
    expectPlanProposal(proposal.data.proposal.changes);
    expect(done.data.aiMessage.proposal).toEqual(proposal.data.proposal);
    expect(done.data.aiMessage.content).toBe(deltaText(events));
    expect(await tasksOf(member)).toEqual(before);

    const detail = chatThreadDetailSchema.parse(
      await (await t.request(`/api/chat/thread/${thread.id}`, { cookie: member.cookie })).json(),
    );
    expect(detail.messages.at(-1)?.proposal).toEqual(proposal.data.proposal);
  });

  it('regenerates with tools: a new read round and a new proposal replace the old reply and its proposal', async () => {
    const { member, thread, report } = await planningMember();
    const { aiMessage: first } = await sendAs(
      t,
      member.cookie,
      buildSendBody(thread.id, { content: 'Plan my day' }),
    );
    const firstProposalId = first.proposal?.id;
    expect(first.proposal?.status).toBe('pending');
    const before = await tasksOf(member);

    fake.reset();
    fake.enqueue(
      { kind: 'tool-calls', calls: [call('read-2', 'list_tasks', {})] },
      { kind: 'tool-calls', calls: [call('write-4', 'update_task', { id: report.id, due_date: day(2) })] },
      { kind: 'reply', text: 'Or move the report to the day after.' },
    );
    const { threadId, provider, model } = buildSendBody(thread.id);
    const response = await t.request('/api/chat/regenerate', {
      method: 'POST',
      cookie: member.cookie,
      body: { threadId, provider, model },
    });
    expect(response.status).toBe(200);
    const events = await readChatEvents(response);
    const names = events.map((event) => event.event);
    expect(names.filter((name, i) => name !== names[i - 1])).toEqual(['tool', 'delta', 'proposal', 'done']);
    const done = events.at(-1);
    if (done?.event !== 'done') throw new Error('no done');
    const second = done.data.aiMessage.proposal;
    expect(second?.changes.map((change) => [change.tool, change.valid])).toEqual([['update_task', true]]);
    expect(second?.id).not.toBe(firstProposalId);
    expect(fake.chatRequests()[0]?.body.tools?.map((tool) => tool.function.name)).toContain('update_task');

    // The old reply went with its proposal: it can no longer be applied; the thread shows the new one.
    const stale = await t.request(`/api/chat/proposals/${firstProposalId}/apply`, {
      method: 'POST',
      cookie: member.cookie,
    });
    expect(stale.status).toBe(404);
    expect(await tasksOf(member)).toEqual(before);
    const detail = chatThreadDetailSchema.parse(
      await (await t.request(`/api/chat/thread/${thread.id}`, { cookie: member.cookie })).json(),
    );
    expect(detail.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(detail.messages.at(-1)?.proposal).toEqual(second);

    const applied = await t.request(`/api/chat/proposals/${second?.id}/apply`, {
      method: 'POST',
      cookie: member.cookie,
    });
    expect(applied.status).toBe(200);
    expect((await tasksOf(member)).find((task) => task.id === report.id)?.due_date).toBe(day(2));
  });

  it("marks a change naming another member's task invalid, and never applies it", async () => {
    const member = await signInMember(t);
    const other = await signInMember(t);
    const theirs = await createTaskAs(t, other.cookie, { title: 'Not yours' });
    const thread = await createThreadAs(t, member.cookie);
    fake.enqueue(
      {
        kind: 'tool-calls',
        calls: [
          call('w-1', 'complete_task', { id: theirs.id }),
          call('w-2', 'create_task', { title: 'Mine' }),
        ],
      },
      { kind: 'reply', text: 'Proposed.' },
    );
    const { aiMessage } = await sendAs(t, member.cookie, buildSendBody(thread.id));
    const changes = aiMessage.proposal?.changes ?? [];
    expect(changes.map((change) => [change.tool, change.valid])).toEqual([
      ['complete_task', false],
      ['create_task', true],
    ]);
    expect(changes[0]?.error).toEqual(expect.any(String));

    const applied = await t.request(`/api/chat/proposals/${aiMessage.proposal?.id}/apply`, {
      method: 'POST',
      cookie: member.cookie,
    });
    expect(applied.status).toBe(200);
    expect((await tasksOf(other)).find((task) => task.id === theirs.id)?.status).toBe('todo');
    expect((await tasksOf(member)).map((task) => task.title)).toEqual(['Mine']);
  });

  it('caps the rounds of tool calls: then the model must answer in words, and its calls are ignored', async () => {
    const member = await signInMember(t);
    const thread = await createThreadAs(t, member.cookie);
    const rounds = AGENT_TOOL_LIMITS.roundsPerReply;
    fake.enqueue(
      ...Array.from(
        { length: rounds + 1 },
        (_, i): ScriptedAnswer => ({
          kind: 'tool-calls',
          calls: [call(`r-${i}`, 'list_tasks', {}), call(`w-${i}`, 'create_task', { title: `T${i}` })],
          text: `Round ${i}.`,
        }),
      ),
    );
    const { aiMessage } = await sendAs(t, member.cookie, buildSendBody(thread.id));
    const requests = fake.chatRequests();
    expect(requests).toHaveLength(rounds + 1);
    expect(requests.slice(0, rounds).every((request) => request.body.tool_choice === 'auto')).toBe(true);
    expect(requests.at(-1)?.body.tool_choice).toBe('none');
    expect(aiMessage.content).toContain(`Round ${rounds}.`);
    // The writes of the capped rounds were collected; the last round's (past the cap) were not.
    expect(aiMessage.proposal?.changes).toHaveLength(rounds);
    expect(await tasksOf(member)).toEqual([]);
  });

  it('proposes nothing for a reply the member stopped, even when it had collected changes', async () => {
    const member = await signInMember(t);
    const thread = await createThreadAs(t, member.cookie);
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    fake.enqueue(
      { kind: 'tool-calls', calls: [call('w-1', 'create_task', { title: 'Half a plan' })] },
      { kind: 'reply', text: words, chunkDelayMs: 150 },
    );
    const response = await t.request('/api/chat/stream', {
      method: 'POST',
      cookie: member.cookie,
      body: buildSendBody(thread.id),
    });
    expect(response.status).toBe(200);
    await readChatEventsUntil(response, (read) => read.filter((e) => e.event === 'delta').length >= 3);

    const stopped = await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.threadId, thread.id), eq(chatMessages.role, 'assistant')));
        if (!row) throw new Error('not stored yet');
        return row;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(stopped.stopped).toBe(true);
    expect(await t.db.select().from(chatProposals).where(eq(chatProposals.threadId, thread.id))).toEqual([]);
    expect(await tasksOf(member)).toEqual([]);
  });

  it('proposes nothing for a reply that calls no write tool', async () => {
    const member = await signInMember(t);
    const thread = await createThreadAs(t, member.cookie);
    const { aiMessage } = await sendAs(t, member.cookie, buildSendBody(thread.id, { content: 'Hi' }));
    expect(aiMessage.content).toBe('Lumara heard: "Hi"');
    expect(aiMessage.proposal).toBeUndefined();
  });

  it('plans the day unscripted on the "Plan my day" prompt: lists the tasks, then proposes two changes', async () => {
    const member = await signInMember(t);
    const done = await createTaskAs(t, member.cookie, { title: 'Already done' });
    const marked = await t.request(`/api/tasks/${done.id}`, {
      method: 'PUT',
      cookie: member.cookie,
      body: { status: 'done' },
    });
    expect(marked.status).toBe(200);
    const open = await createTaskAs(t, member.cookie, { title: 'Water the plants' });
    const thread = await createThreadAs(t, member.cookie);
    const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    const { aiMessage } = await sendAs(
      t,
      member.cookie,
      buildSendBody(thread.id, { content: PLAN_MY_DAY_PROMPT.es }),
    );
    const roles = fake.chatRequests().map((request) => request.body.messages?.at(-1)?.role);
    expect(roles).toEqual(['user', 'tool', 'tool']);
    expect(aiMessage.proposal?.changes.map((change) => [change.tool, change.args, change.valid])).toEqual([
      ['update_task', { id: open.id, due_date: utcDay(1) }, true],
      ['create_task', { title: 'Review the plan', due_date: utcDay(0) }, true],
    ]);
    expect(aiMessage.content).toContain('Here is a plan for today.');
  });
});

describe('a provider without tools (Straico)', () => {
  it('replies as before: no tools offered, no tools in the persona, no proposal', async () => {
    const member = await signInMember(t);
    const thread = await createThreadAs(t, member.cookie);
    const straicoBody = { provider: 'straico', model: 'openai/gpt-4o-mini' } as const;

    const { aiMessage } = await sendAs(
      t,
      member.cookie,
      buildSendBody(thread.id, { ...straicoBody, content: 'Plan my day [tool:list_tasks]' }),
    );
    expect(aiMessage.content).toContain('Plan my day');
    expect(aiMessage.proposal).toBeUndefined();

    const response = await t.request('/api/chat/stream', {
      method: 'POST',
      cookie: member.cookie,
      body: buildSendBody(thread.id, { ...straicoBody, content: 'Again' }),
    });
    const events = await readChatEvents(response);
    expect(events.map((event) => event.event).filter((name, i, all) => name !== all[i - 1])).toEqual([
      'user',
      'delta',
      'done',
    ]);

    const sent = straico.completionRequests().map((request) => JSON.stringify(request.body));
    expect(sent).toHaveLength(2);
    for (const body of sent) {
      expect(body).not.toContain('"tools"');
      expect(body).not.toContain(TOOLS_INSTRUCTION.slice(0, 40));
    }
    expect(fake.chatRequests()).toHaveLength(0);
  });
});
