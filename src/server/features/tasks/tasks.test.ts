import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, tasks } from '#server/db/schema.ts';
import type { Delivery } from '#server/lib/infra/event-bus.ts';
import { type Task, taskListSchema, taskSchema } from '#shared/tasks.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { errorCodeOf } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function listAs(cookie: string): Promise<Task[]> {
  const response = await t.request('/api/tasks', { cookie });
  expect(response.status).toBe(200);
  return taskListSchema.parse(await response.json());
}

async function taskCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(tasks);
  return row?.n ?? 0;
}

const put = (cookie: string, id: number, body: unknown) =>
  t.request(`/api/tasks/${id}`, { method: 'PUT', cookie, body });

describe('tasks', () => {
  it('creates a task with a trimmed title, labels and a due date, at the top of To Do', async () => {
    const { cookie } = await signInMember(t);
    const first = await createTaskAs(t, cookie, { title: 'First' });
    const response = await t.request('/api/tasks', {
      method: 'POST',
      cookie,
      body: { title: '  Record the demo  ', labels: ['music', 'clients'], due_date: '2026-12-01' },
    });
    expect(response.status).toBe(201);
    const created = taskSchema.parse(await response.json());
    expect(created).toMatchObject({
      title: 'Record the demo',
      status: 'todo',
      labels: ['music', 'clients'],
      due_date: '2026-12-01',
    });
    expect((await listAs(cookie)).map((task) => task.id)).toEqual([created.id, first.id]);
    // The list (JSON built by the database) shows a task exactly as the write answered it.
    const done = taskSchema.parse(
      await (await put(cookie, created.id, { status: 'done', position: 0 })).json(),
    );
    expect((await listAs(cookie)).find((task) => task.id === created.id)).toEqual(done);
  });

  it.each([
    ['an empty title', { title: '   ' }],
    ['no title', {}],
    ['a title of the wrong type', { title: 42 }],
    ['a huge title', { title: 'x'.repeat(501) }],
    ['too many labels', { title: 'x', labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }],
    ['an empty label', { title: 'x', labels: ['  '] }],
    ['repeated labels', { title: 'x', labels: ['music', 'music'] }],
    ['labels of the wrong type', { title: 'x', labels: 'music' }],
    ['a malformed due date', { title: 'x', due_date: '31/12/2026' }],
    ['an unknown field', { title: 'x', user_id: 1 }],
    ['a status on create', { title: 'x', status: 'done' }],
  ])('answers 400 to %s and writes nothing', async (_label, body) => {
    const { cookie } = await signInMember(t);
    const before = await taskCount();
    const response = await t.request('/api/tasks', { method: 'POST', cookie, body });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation_failed');
    expect(await taskCount()).toBe(before);
  });

  it('cycles the status and records completion', async () => {
    const { cookie } = await signInMember(t);
    const task = await createTaskAs(t, cookie);
    const doing = taskSchema.parse(await (await put(cookie, task.id, { status: 'doing' })).json());
    expect(doing.status).toBe('doing');
    const done = taskSchema.parse(await (await put(cookie, task.id, { status: 'done' })).json());
    expect(done.completed_at).not.toBeNull();
    const todo = taskSchema.parse(await (await put(cookie, task.id, { status: 'todo' })).json());
    expect(todo.completed_at).toBeNull();
  });

  it('edits title, labels and due date, and refuses bad updates without changing anything', async () => {
    const { cookie } = await signInMember(t);
    const task = await createTaskAs(t, cookie, { title: 'Before' });
    const edited = await put(cookie, task.id, {
      title: '  After ',
      labels: ['wellness'],
      due_date: '2026-11-30',
    });
    expect(await edited.json()).toMatchObject({
      title: 'After',
      labels: ['wellness'],
      due_date: '2026-11-30',
    });
    for (const body of [
      { status: 'finished' },
      { title: '' },
      {},
      { position: -1 },
      { position: 1.5 },
      { labels: [1] },
    ]) {
      const response = await put(cookie, task.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await listAs(cookie);
    expect(row).toMatchObject({ title: 'After', status: 'todo', labels: ['wellness'] });
    expect((await put(cookie, task.id, { due_date: null })).status).toBe(200);
  });

  it('keeps the order within a column across reloads, and moves a task to the top of another column', async () => {
    const { cookie } = await signInMember(t);
    const c = await createTaskAs(t, cookie, { title: 'c' });
    const b = await createTaskAs(t, cookie, { title: 'b' });
    const a = await createTaskAs(t, cookie, { title: 'a' });
    expect((await listAs(cookie)).map((task) => task.title)).toEqual(['a', 'b', 'c']);

    // Drag "a" below "c".
    expect((await put(cookie, a.id, { position: 2 })).status).toBe(200);
    expect((await listAs(cookie)).map((task) => task.title)).toEqual(['b', 'c', 'a']);

    // To another column: top unless a position is given.
    await put(cookie, b.id, { status: 'doing' });
    await put(cookie, c.id, { status: 'doing' });
    expect(
      (await listAs(cookie)).filter((task) => task.status === 'doing').map((task) => task.title),
    ).toEqual(['c', 'b']);
    await put(cookie, a.id, { status: 'doing', position: 1 });
    expect(
      (await listAs(cookie)).filter((task) => task.status === 'doing').map((task) => task.title),
    ).toEqual(['c', 'a', 'b']);
  });

  it('places by the board rule: the top moves no other task, a position renumbers only its column', async () => {
    const { cookie } = await signInMember(t);
    const answers: Task[] = [];
    for (const title of ['c', 'b', 'a', 'y', 'x']) answers.push(await createTaskAs(t, cookie, { title }));
    const [, , a, y, x] = answers;
    if (!a || !y || !x) throw new Error('tasks not created');
    for (const task of [y, x]) await put(cookie, task.id, { status: 'doing', position: 0 });
    const before = await listAs(cookie);
    const positionOf = (list: Task[], id: number) => list.find((task) => task.id === id)?.position;

    // To the top of In Progress: a position below its first, every other task as it was.
    const moved = taskSchema.parse(await (await put(cookie, a.id, { status: 'doing' })).json());
    const afterTop = await listAs(cookie);
    expect(moved.position).toBe((positionOf(before, x.id) ?? 0) - 1);
    expect(afterTop.filter((task) => task.id !== a.id)).toEqual(before.filter((task) => task.id !== a.id));

    // A position renumbers In Progress 0, 1, 2 and leaves To Do alone.
    await put(cookie, a.id, { position: 2 });
    const afterIndex = await listAs(cookie);
    const doing = afterIndex.filter((task) => task.status === 'doing');
    expect(doing.map((task) => [task.title, task.position])).toEqual([
      ['x', 0],
      ['y', 1],
      ['a', 2],
    ]);
    expect(afterIndex.filter((task) => task.status === 'todo')).toEqual(
      before.filter((task) => task.status === 'todo' && task.id !== a.id),
    );
    // Every write answered the task as the list shows it (one presenter).
    const renamed = taskSchema.parse(await (await put(cookie, a.id, { title: 'a2' })).json());
    expect((await listAs(cookie)).find((task) => task.id === a.id)).toEqual(renamed);
  });

  it('deletes softly and restores at the top', async () => {
    const { cookie } = await signInMember(t);
    const older = await createTaskAs(t, cookie, { title: 'older' });
    const newer = await createTaskAs(t, cookie, { title: 'newer' });
    const deleted = await t.request(`/api/tasks/${older.id}`, { method: 'DELETE', cookie });
    expect(deleted.status).toBe(200);
    expect((await listAs(cookie)).map((task) => task.id)).toEqual([newer.id]);
    expect((await t.request(`/api/tasks/${older.id}`, { method: 'DELETE', cookie })).status).toBe(404);

    const restored = await t.request('/api/tasks/restore', {
      method: 'POST',
      cookie,
      body: { id: older.id },
    });
    expect(restored.status).toBe(200);
    const answer = taskSchema.parse(await restored.json());
    expect(answer.id).toBe(older.id);
    expect(await listAs(cookie)).toEqual([answer, expect.objectContaining({ id: newer.id })]);
    // Restoring again changes nothing.
    expect(
      (await t.request('/api/tasks/restore', { method: 'POST', cookie, body: { id: older.id } })).status,
    ).toBe(200);
    expect(
      (await t.request('/api/tasks/restore', { method: 'POST', cookie, body: { id: 'x' } })).status,
    ).toBe(400);
  });

  it('never shows or changes another member’s task: 404, and the task is untouched', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const task = await createTaskAs(t, owner.cookie, { title: 'Mine' });
    expect(await listAs(other.cookie)).toEqual([]);
    for (const response of [
      await put(other.cookie, task.id, { title: 'Stolen', status: 'done' }),
      await t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie: other.cookie }),
      await t.request('/api/tasks/restore', { method: 'POST', cookie: other.cookie, body: { id: task.id } }),
    ]) {
      expect(response.status).toBe(404);
    }
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ title: 'Mine', status: 'todo', deletedAt: null });
  });

  it('answers 404 to ids that name nothing', async () => {
    const { cookie } = await signInMember(t);
    for (const id of ['0', '-1', 'abc', '99999999', '1e3', '9999999999999']) {
      expect(
        (await t.request(`/api/tasks/${id}`, { method: 'PUT', cookie, body: { title: 'x' } })).status,
      ).toBe(404);
    }
  });

  it('takes 50 concurrent creations beside session look-ups without losing one', async () => {
    const { cookie } = await signInMember(t);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? t
              .request('/api/tasks', { method: 'POST', cookie, body: { title: `Concurrent ${i}` } })
              .then((r) => r.status)
          : t.request('/api/users/me', { cookie }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    const titles = (await listAs(cookie)).map((task) => task.title);
    expect(titles.filter((title) => title.startsWith('Concurrent')).length).toBe(25);
    expect(new Set((await listAs(cookie)).map((task) => task.position)).size).toBe(titles.length);
  });

  it('awards Task Warrior on the 25th completed task, once, even when completions race', async () => {
    const { cookie, user } = await signInMember(t);
    const created: Task[] = [];
    for (let i = 0; i < 27; i++) created.push(await createTaskAs(t, cookie));
    for (const task of created.slice(0, 23)) await put(cookie, task.id, { status: 'done' });
    const earned = async () => (await t.db.select().from(badges).where(eq(badges.userId, user.id))).length;
    expect(await earned()).toBe(0);
    await put(cookie, created[23]?.id ?? 0, { status: 'done' });
    expect(await earned()).toBe(0);
    // The 25th, 26th and 27th at once.
    await Promise.all(created.slice(24).map((task) => put(cookie, task.id, { status: 'done' })));
    const rows = await t.db.select().from(badges).where(eq(badges.userId, user.id));
    expect(rows.map((row) => row.badgeType)).toEqual(['task_warrior']);
  });
});

describe('the task list revalidated by its ETag', () => {
  const listIfChanged = (cookie: string, etag?: string) =>
    t.request('/api/tasks', { cookie, headers: etag ? { 'if-none-match': etag } : {} });

  async function etagOf(cookie: string): Promise<string> {
    const response = await listIfChanged(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const etag = response.headers.get('etag');
    if (!etag) throw new Error('the task list has no ETag');
    return etag;
  }

  it('answers 304 with no body while nothing changed, and a weak or listed tag matches too', async () => {
    const { cookie } = await signInMember(t);
    await createTaskAs(t, cookie, { title: 'Unchanged' });
    const etag = await etagOf(cookie);
    for (const sent of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`]) {
      const again = await listIfChanged(cookie, sent);
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
  });

  it('answers the new list after each kind of change: create, edit, move, delete, restore', async () => {
    const { cookie } = await signInMember(t);
    const task = await createTaskAs(t, cookie, { title: 'Changing' });
    const changes: (() => Promise<Response>)[] = [
      () => t.request('/api/tasks', { method: 'POST', cookie, body: { title: 'Another' } }),
      () => put(cookie, task.id, { title: 'Renamed' }),
      () => put(cookie, task.id, { status: 'doing' }),
      () => put(cookie, task.id, { position: 0 }),
      () => t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie }),
      () => t.request('/api/tasks/restore', { method: 'POST', cookie, body: { id: task.id } }),
    ];
    const seen = new Set<string>();
    for (const change of changes) {
      const before = await etagOf(cookie);
      seen.add(before);
      expect((await change()).status).toBeLessThan(300);
      const after = await listIfChanged(cookie, before);
      expect(after.status).toBe(200);
      expect(taskListSchema.parse(await after.json()).length).toBeGreaterThan(0);
    }
    expect(seen.size).toBe(changes.length);
  });

  it('keeps the version when a change is refused', async () => {
    const { cookie } = await signInMember(t);
    const task = await createTaskAs(t, cookie);
    const etag = await etagOf(cookie);
    expect((await put(cookie, task.id, { title: '' })).status).toBe(400);
    expect((await put(cookie, 999_999_999, { title: 'Nobody' })).status).toBe(404);
    expect((await t.request('/api/tasks/999999999', { method: 'DELETE', cookie })).status).toBe(404);
    expect((await listIfChanged(cookie, etag)).status).toBe(304);
  });

  it("never answers 304 to another member's tag: each member gets their own list", async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    await createTaskAs(t, ada.cookie, { title: "Ada's" });
    const adaTag = await etagOf(ada.cookie);
    // Grace has as many changes as Ada (none, one): the member is part of the tag, not only the count.
    await createTaskAs(t, grace.cookie, { title: "Grace's" });
    const answer = await listIfChanged(grace.cookie, adaTag);
    expect(answer.status).toBe(200);
    expect(taskListSchema.parse(await answer.json()).map((task) => task.title)).toEqual(["Grace's"]);
  });
});

describe('a task creation sent again with its Idempotency-Key', () => {
  const createWithKey = (cookie: string, key: string, title: string) =>
    t.request('/api/tasks', { method: 'POST', cookie, body: { title }, headers: { 'idempotency-key': key } });
  const etagOf = async (cookie: string) => (await t.request('/api/tasks', { cookie })).headers.get('etag');

  it('answers the task the key made and changes nothing, not even the list’s version', async () => {
    const { cookie } = await signInMember(t);
    const key = crypto.randomUUID();
    const first = await createWithKey(cookie, key, 'Send the invoice');
    expect(first.status).toBe(201);
    const made = taskSchema.parse(await first.json());
    const version = await etagOf(cookie);

    const again = await createWithKey(cookie, key, 'Send the invoice');
    expect(again.status).toBe(201);
    expect(taskSchema.parse(await again.json())).toEqual(made);
    expect(await listAs(cookie)).toEqual([made]);
    expect(await etagOf(cookie)).toBe(version);

    // Renamed since: the retry answers the task as it is now, and still makes none.
    expect((await put(cookie, made.id, { title: 'Send the invoice today' })).status).toBe(200);
    const later = taskSchema.parse(await (await createWithKey(cookie, key, 'Send the invoice')).json());
    expect(later).toMatchObject({ id: made.id, title: 'Send the invoice today' });
    expect(await listAs(cookie)).toHaveLength(1);
  });

  it('makes one task when the same key arrives twice at once, and each member’s keys are their own', async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      createWithKey(ada.cookie, key, 'Book the venue'),
      createWithKey(ada.cookie, key, 'Book the venue'),
    ]);
    const ids = await Promise.all(answers.map(async (answer) => taskSchema.parse(await answer.json()).id));
    expect(ids[0]).toBe(ids[1]);
    expect(await listAs(ada.cookie)).toHaveLength(1);

    const graces = taskSchema.parse(await (await createWithKey(grace.cookie, key, 'Her own')).json());
    expect(graces.id).not.toBe(ids[0]);
    expect((await listAs(grace.cookie)).map((task) => task.title)).toEqual(['Her own']);
    expect((await listAs(ada.cookie)).map((task) => task.title)).toEqual(['Book the venue']);
  });

  it('refuses a malformed key with 400 and makes nothing; without a key every creation is its own', async () => {
    const { cookie } = await signInMember(t);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(101)]) {
      const answer = await createWithKey(cookie, key, 'Never made');
      expect(answer.status, key).toBe(400);
      expect(await errorCodeOf(answer)).toBe('validation_failed');
    }
    expect(await listAs(cookie)).toEqual([]);
    await createTaskAs(t, cookie, { title: 'Twice' });
    await createTaskAs(t, cookie, { title: 'Twice' });
    expect(await listAs(cookie)).toHaveLength(2);
  });
});

describe('tasks.changed', () => {
  it("tells the member's own pages after each write, and no one else, and nothing for a refused write", async () => {
    const { cookie, user } = await signInMember(t);
    const other = await signInMember(t);
    const seen: Delivery[] = [];
    const stop = t.events.subscribe((delivery) => {
      if (delivery.event.type === 'tasks.changed') seen.push(delivery);
    });
    try {
      const created = await createTaskAs(t, cookie, { title: 'Water the plants' });
      expect((await put(cookie, created.id, { status: 'done' })).status).toBe(200);
      expect((await put(other.cookie, created.id, { status: 'todo' })).status).toBe(404);
      expect((await t.request(`/api/tasks/${created.id}`, { method: 'DELETE', cookie })).status).toBe(200);
      const restored = await t.request('/api/tasks/restore', {
        method: 'POST',
        cookie,
        body: { id: created.id },
      });
      expect(restored.status).toBe(200);
      const changed = {
        audience: { kind: 'member', userId: user.id },
        event: { type: 'tasks.changed', data: {} },
      };
      expect(seen).toEqual([changed, changed, changed, changed]);
    } finally {
      stop();
    }
  });
});
