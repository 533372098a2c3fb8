import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarSubscriptionEvents,
  calendarSubscriptions,
  chatMessages,
  taskCompletions,
  tasks,
} from '#server/db/schema.ts';
import type { Delivery } from '#server/lib/infra/event-bus.ts';
import {
  agentToolNameSchema,
  applyProposalResponseSchema,
  type Proposal,
  proposalSchema,
  readToolNames,
  writeToolNames,
} from '#shared/agent-tools.ts';
import { chatThreadDetailSchema } from '#shared/chat.ts';
import { pomodoroTimerSchema } from '#shared/pomodoro.ts';
import { type Task, taskListSchema } from '#shared/tasks.ts';
import { createThreadAs } from '#tests/factories/chat.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { errorCodeOf } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { agentToolDefinitions } from './agent-tool-definitions.ts';
import { createProposal, runWriteToolNow } from './chat-proposals.ts';
import { runReadTool } from './read-tools.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof signInMember>>;

async function listOf(member: Member): Promise<{ body: string; etag: string | null; tasks: Task[] }> {
  const response = await t.request('/api/tasks', { cookie: member.cookie });
  expect(response.status).toBe(200);
  const body = await response.text();
  return { body, etag: response.headers.get('etag'), tasks: taskListSchema.parse(JSON.parse(body)) };
}

async function propose(
  member: Member,
  calls: { name: string; args: unknown }[],
  language: 'en' | 'es' = 'en',
) {
  const thread = await createThreadAs(t, member.cookie);
  return createProposal(t.db, {
    userId: member.user.id,
    threadId: thread.id,
    messageId: null,
    calls,
    language,
    now: t.clock.now(),
  });
}

const act = (member: Member, proposal: Proposal, action: 'apply' | 'undo' | 'reject') =>
  t.request(`/api/chat/proposals/${proposal.id}/${action}`, { method: 'POST', cookie: member.cookie });

const deps = () => ({ db: t.db, events: t.events, now: t.clock.now });

/** The rows of the member's tasks (every column) and their completion records. */
async function rowsOf(member: Member) {
  const rows = await t.db.select().from(tasks).where(eq(tasks.userId, member.user.id)).orderBy(tasks.id);
  const completions = await t.db
    .select()
    .from(taskCompletions)
    .where(eq(taskCompletions.userId, member.user.id))
    .orderBy(taskCompletions.id);
  return { rows, completions };
}

describe('agent tool definitions', () => {
  it('are plain JSON Schema objects a model and MCP accept, one per tool', () => {
    const names = agentToolNameSchema.options;
    const definitions = agentToolDefinitions(names);
    expect(definitions.map((definition) => definition.name)).toEqual([...readToolNames, ...writeToolNames]);
    for (const definition of definitions) {
      const { parameters } = definition;
      expect(definition.description.length).toBeGreaterThan(20);
      expect(parameters.type).toBe('object');
      expect(parameters).not.toHaveProperty('$schema');
      expect(parameters.additionalProperties).toBe(false);
      expect(typeof parameters.properties).toBe('object');
      // JSON through and through: what is sent is what was made.
      expect(JSON.parse(JSON.stringify(parameters))).toEqual(parameters);
    }
    const move = agentToolDefinitions(['update_task'])[0]?.parameters;
    expect(move?.required).toEqual(['id']);
    expect(JSON.stringify(move)).toContain('YYYY-MM-DD');
  });
});

describe('read tools', () => {
  it("answer from the member's own data only, and refuse bad arguments without throwing", async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    await createTaskAs(t, ada.cookie, { title: 'Buy milk', due_date: '2026-11-25' });
    await createTaskAs(t, grace.cookie, { title: 'Secret plan', due_date: '2026-11-25' });
    const run = (name: string, args: unknown) =>
      runReadTool({ db: t.db, now: t.clock.now }, { memberId: ada.user.id, name, args });

    const listed = await run('list_tasks', {});
    expect(listed.ok).toBe(true);
    expect(listed.content).toContain('Buy milk');
    expect(listed.content).not.toContain('Secret');
    expect((await run('list_tasks', { query: 'secret' })).content).toBe('{"tasks":[]}');
    expect((await run('list_tasks', { due_from: '2026-11-25', due_to: '2026-11-25' })).content).toContain(
      'Buy milk',
    );
    expect((await run('search', { query: 'Secret' })).content).toBe('{"results":[]}');
    const calendar = await run('get_calendar', { from: '2026-11-20', to: '2026-11-30' });
    expect(calendar.ok).toBe(true);
    expect(calendar.content).toContain('Buy milk');
    expect(calendar.content).not.toContain('Secret');
    expect(await run('get_focus_stats', { from: '2026-11-01', to: '2026-11-30' })).toMatchObject({
      ok: true,
      content: expect.stringContaining('"sessions":0'),
    });

    const tooLong = await run('get_calendar', { from: '2026-01-01', to: '2026-06-01' });
    expect(tooLong.ok).toBe(false);
    const bad = await run('list_tasks', { status: 'maybe', extra: 1 });
    expect(bad.ok).toBe(false);
    expect(bad.content).toContain('status');
    expect((await run('delete_everything', {})).ok).toBe(false);
  });
});

describe('get_calendar and subscribed calendars', () => {
  it("sees the member's outside calendar events as busy time, in the member's zone, and nobody else's", async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    // The rows a refresh writes (calendar-subscriptions.test.ts fetches and expands real files).
    for (const [member, title] of [
      [ada, 'Dentist'],
      [grace, 'Grace only'],
    ] as const) {
      const [subscription] = await t.db
        .insert(calendarSubscriptions)
        .values({
          userId: member.user.id,
          url: 'https://calendar.example.com/a.ics',
          name: 'Home',
          color: '#16a34a',
        })
        .returning();
      await t.db.insert(calendarSubscriptionEvents).values([
        {
          subscriptionId: subscription?.id ?? 0,
          userId: member.user.id,
          uid: 'a',
          title,
          allDay: false,
          startsAt: new Date('2026-11-24T23:30:00Z'),
          endsAt: new Date('2026-11-25T00:30:00Z'),
        },
      ]);
    }
    const calendar = await runReadTool(
      { db: t.db, now: t.clock.now },
      {
        memberId: ada.user.id,
        name: 'get_calendar',
        args: { from: '2026-11-23', to: '2026-11-29' },
        timeZone: 'Europe/Madrid',
      },
    );
    expect(calendar.ok).toBe(true);
    const answer = JSON.parse(calendar.content) as { days: { day: string; busy?: unknown[] }[] };
    // 00:30 in Madrid on the 25th: the member's day, not UTC's.
    expect(answer.days).toEqual([
      {
        day: '2026-11-25',
        busy: [
          {
            title: 'Dentist',
            calendar: 'Home',
            start: '2026-11-24T23:30:00.000Z',
            end: '2026-11-25T00:30:00.000Z',
          },
        ],
      },
    ]);
    expect(calendar.content).not.toContain('Grace only');
  });
});

describe('chat proposals', () => {
  it('change nothing until applied, apply all changes at once, and undo puts the rows back exactly', async () => {
    const ada = await signInMember(t);
    const milk = await createTaskAs(t, ada.cookie, { title: 'Buy milk', due_date: '2026-12-24' });
    const call = await createTaskAs(t, ada.cookie, { title: 'Call mom' });
    const before = await listOf(ada);
    const rowsBefore = await rowsOf(ada);

    const proposal = await propose(ada, [
      { name: 'create_task', args: { title: 'Write the report', due_date: '2026-12-01' } },
      { name: 'update_task', args: { id: milk.id, due_date: '2026-12-26' } },
      { name: 'complete_task', args: { id: call.id } },
    ]);
    expect(proposal.status).toBe('pending');
    expect(proposal.changes.map((change) => [change.valid, change.summary])).toEqual([
      [true, 'Add “Write the report”, due Tue, Dec 1'],
      [true, 'Move “Buy milk” to Sat, Dec 26'],
      [true, 'Complete “Call mom”'],
    ]);
    expect(proposal.changes[1]?.fields).toEqual([
      { field: 'due_date', before: '2026-12-24', after: '2026-12-26' },
    ]);
    // Checked by a trial run that was rolled back: not even the list's version moved.
    expect(await listOf(ada)).toEqual(before);
    expect(await rowsOf(ada)).toEqual(rowsBefore);

    const heard: Delivery[] = [];
    const stop = t.events.subscribe((delivery) => heard.push(delivery));
    const applied = await act(ada, proposal, 'apply');
    expect(applied.status).toBe(200);
    const answer = applyProposalResponseSchema.parse(await applied.json());
    expect(answer.proposal.status).toBe('applied');
    expect(answer.proposal.undo_until).not.toBeNull();
    expect(answer.results.map((result) => result.tool)).toEqual([
      'create_task',
      'update_task',
      'complete_task',
    ]);
    const after = (await listOf(ada)).tasks;
    expect(after.find((task) => task.title === 'Write the report')?.due_date).toBe('2026-12-01');
    expect(after.find((task) => task.id === milk.id)?.due_date).toBe('2026-12-26');
    expect(after.find((task) => task.id === call.id)?.status).toBe('done');
    expect(heard).toContainEqual({
      audience: { kind: 'member', userId: ada.user.id },
      event: { type: 'tasks.changed', data: {} },
    });

    const undone = await act(ada, proposal, 'undo');
    expect(undone.status).toBe(200);
    expect(proposalSchema.parse(await undone.json()).status).toBe('undone');
    stop();
    // The rows are back exactly (every column, completion records too), so the list reads the same, and with
    // nothing else changed since the apply its version is put back too: the ETag is the earlier one.
    expect(await rowsOf(ada)).toEqual(rowsBefore);
    const restored = await listOf(ada);
    expect(restored.body).toBe(before.body);
    expect(restored.etag).toBe(before.etag);
    expect(heard.filter((delivery) => delivery.event.type === 'tasks.changed')).toHaveLength(2);

    expect(await errorCodeOf(await act(ada, proposal, 'undo'))).toBe('conflict');
    expect((await act(ada, proposal, 'apply')).status).toBe(409);
  });

  it('apply once: a second apply, or an apply after a reject, is 409; reject only a pending one', async () => {
    const ada = await signInMember(t);
    const once = await propose(ada, [{ name: 'create_task', args: { title: 'Once' } }]);
    expect((await act(ada, once, 'apply')).status).toBe(200);
    expect((await act(ada, once, 'apply')).status).toBe(409);
    expect((await act(ada, once, 'reject')).status).toBe(409);
    expect((await listOf(ada)).tasks.filter((task) => task.title === 'Once')).toHaveLength(1);

    const no = await propose(ada, [{ name: 'create_task', args: { title: 'Never' } }]);
    const rejected = await act(ada, no, 'reject');
    expect(rejected.status).toBe(200);
    expect(proposalSchema.parse(await rejected.json()).status).toBe('rejected');
    expect((await act(ada, no, 'apply')).status).toBe(409);
    expect((await act(ada, no, 'undo')).status).toBe(409);
    expect((await listOf(ada)).tasks.some((task) => task.title === 'Never')).toBe(false);

    const pending = await propose(ada, [{ name: 'create_task', args: { title: 'Pending' } }]);
    expect((await act(ada, pending, 'undo')).status).toBe(409);
  });

  it("marks a change naming another member's task invalid, never applies it, and hides the other's proposals", async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const hers = await createTaskAs(t, grace.cookie, { title: 'Grace’s secret', due_date: '2026-12-01' });
    const proposal = await propose(ada, [
      { name: 'update_task', args: { id: hers.id, title: 'Mine now' } },
      { name: 'delete_task', args: { id: 999_999 } },
      { name: 'create_task', args: { title: '' } },
      { name: 'create_task', args: { title: 'Fine' } },
    ]);
    expect(proposal.changes.map((change) => change.valid)).toEqual([false, false, false, true]);
    expect(proposal.changes[0]?.error).toBe('That task is not one of yours, or no longer exists');
    expect(proposal.changes[1]?.error).toBe(proposal.changes[0]?.error);
    expect(JSON.stringify(proposal)).not.toContain('secret');

    expect((await act(grace, proposal, 'apply')).status).toBe(404);
    expect((await act(grace, proposal, 'reject')).status).toBe(404);
    expect((await act(grace, proposal, 'undo')).status).toBe(404);

    const applied = applyProposalResponseSchema.parse(await (await act(ada, proposal, 'apply')).json());
    expect(applied.results.map((result) => result.tool)).toEqual(['create_task']);
    expect((await listOf(grace)).tasks).toEqual([hers]);
  });

  it('refuses an apply whose task was deleted since (409 naming it, nothing written)', async () => {
    const ada = await signInMember(t);
    const milk = await createTaskAs(t, ada.cookie, { title: 'Buy milk' });
    const proposal = await propose(ada, [
      { name: 'create_task', args: { title: 'New one' } },
      { name: 'complete_task', args: { id: milk.id } },
    ]);
    expect((await t.request(`/api/tasks/${milk.id}`, { method: 'DELETE', cookie: ada.cookie })).status).toBe(
      200,
    );
    const before = await listOf(ada);
    const refused = await act(ada, proposal, 'apply');
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain('Buy milk');
    expect(await listOf(ada)).toEqual(before);
  });

  it('refuses an undo once a task it changed was edited since, and undoes nothing', async () => {
    const ada = await signInMember(t);
    const milk = await createTaskAs(t, ada.cookie, { title: 'Buy milk' });
    const proposal = await propose(ada, [
      { name: 'create_task', args: { title: 'Added' } },
      { name: 'update_task', args: { id: milk.id, title: 'Buy oat milk' } },
    ]);
    expect((await act(ada, proposal, 'apply')).status).toBe(200);
    t.clock.advance(60_000);
    const edited = await t.request(`/api/tasks/${milk.id}`, {
      method: 'PUT',
      cookie: ada.cookie,
      body: { title: 'Buy soy milk' },
    });
    expect(edited.status).toBe(200);
    const before = await listOf(ada);
    const refused = await act(ada, proposal, 'undo');
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain('Buy soy milk');
    expect((await listOf(ada)).body).toBe(before.body);
  });

  it('undoes with another task changed since, and then the list is a new version: no ETag names two lists', async () => {
    const ada = await signInMember(t);
    const before = await listOf(ada);
    const proposal = await propose(ada, [{ name: 'create_task', args: { title: 'Added' } }]);
    expect((await act(ada, proposal, 'apply')).status).toBe(200);
    const applied = await listOf(ada);
    await createTaskAs(t, ada.cookie, { title: 'Unrelated' });
    const later = await listOf(ada);
    expect((await act(ada, proposal, 'undo')).status).toBe(200);
    const undone = await listOf(ada);
    expect(undone.tasks.map((task) => task.title)).toEqual(['Unrelated']);
    expect([before.etag, applied.etag, later.etag]).not.toContain(undone.etag);
  });

  it('starts a focus run on apply and takes it back on undo; draft posts open the editor', async () => {
    const ada = await signInMember(t);
    const proposal = await propose(ada, [
      { name: 'start_focus', args: { minutes: 30 } },
      { name: 'draft_post', args: { title: 'My week', body: 'It went well' } },
    ]);
    const applied = applyProposalResponseSchema.parse(await (await act(ada, proposal, 'apply')).json());
    expect(applied.results[1]?.url).toBe('/community?draft_title=My+week&draft_body=It+went+well');
    const running = pomodoroTimerSchema.parse(
      await (await t.request('/api/pomodoro/timer', { cookie: ada.cookie })).json(),
    );
    expect(running).toMatchObject({ state: 'running', duration_minutes: 30 });
    expect((await act(ada, proposal, 'undo')).status).toBe(200);
    const idle = pomodoroTimerSchema.parse(
      await (await t.request('/api/pomodoro/timer', { cookie: ada.cookie })).json(),
    );
    expect(idle.state).toBe('idle');
    expect(idle.version).toBeGreaterThan(running.version);
  });

  it("speaks the member's language, and shows on the chat message it belongs to", async () => {
    const ada = await signInMember(t);
    const milk = await createTaskAs(t, ada.cookie, { title: 'Comprar leche', due_date: '2026-12-24' });
    const thread = await createThreadAs(t, ada.cookie);
    const [message] = await t.db
      .insert(chatMessages)
      .values({ threadId: thread.id, userId: ada.user.id, role: 'assistant', content: '¿La muevo?' })
      .returning();
    if (!message) throw new Error('no message');
    const proposal = await createProposal(t.db, {
      userId: ada.user.id,
      threadId: thread.id,
      messageId: message.id,
      calls: [{ name: 'update_task', args: { id: milk.id, due_date: '2026-12-26' } }],
      language: 'es',
      now: t.clock.now(),
    });
    expect(proposal.changes[0]?.summary).toBe('Mover «Comprar leche» al sáb, 26 dic');
    const detail = chatThreadDetailSchema.parse(
      await (await t.request(`/api/chat/thread/${thread.id}`, { cookie: ada.cookie })).json(),
    );
    expect(detail.messages.find((shown) => shown.id === message.id)?.proposal).toEqual(proposal);
  });

  it('runs one write at once for MCP through the same path, refusing mistakes without throwing', async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const milk = await createTaskAs(t, ada.cookie, { title: 'Buy milk' });
    const hers = await createTaskAs(t, grace.cookie, { title: 'Hers' });
    const run = (name: string, args: unknown) =>
      runWriteToolNow(deps(), { memberId: ada.user.id, name, args, language: 'en' });
    expect(await run('complete_task', { id: milk.id })).toMatchObject({ ok: true });
    expect((await listOf(ada)).tasks[0]?.status).toBe('done');
    expect(await run('complete_task', { id: hers.id })).toEqual({
      ok: false,
      content: 'That task is not one of yours, or no longer exists',
    });
    expect((await run('create_task', { title: 42 })).ok).toBe(false);
    expect((await run('list_tasks', {})).ok).toBe(false);
    expect((await listOf(grace)).tasks[0]?.status).toBe('todo');
  });
});
