import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, profiles, scheduledNotifications, taskCompletions, tasks } from '#server/db/schema.ts';
import type { CalendarWeek } from '#shared/calendar.ts';
import type { DashboardStats } from '#shared/dashboard.ts';
import { type CreateTaskRequest, type Task, taskListSchema, taskSchema } from '#shared/tasks.ts';
import { task as archivedTask, archiveWith, importInto, zipOf } from '#tests/factories/archives.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * Plans that repeat and remind, through the API on a real database: the plan fields and their 400s, completing a
 * repeating task (once, however often it is sent), what completions count for, and the reminders each write
 * plans, moves or cancels. The app's clock stands at 2026-11-22T09:00Z (a Sunday) unless a test moves it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

async function create(
  cookie: string,
  body: Partial<CreateTaskRequest> | Body,
  language = 'en',
): Promise<Task> {
  const response = await t.request('/api/tasks', {
    method: 'POST',
    cookie,
    body: { title: 'Plan', ...body },
    headers: { 'accept-language': language },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return taskSchema.parse(await response.json());
}

const put = (cookie: string, id: number, body: Body, headers: Record<string, string> = {}) =>
  t.request(`/api/tasks/${id}`, { method: 'PUT', cookie, body, headers });

async function putOk(cookie: string, id: number, body: Body, headers: Record<string, string> = {}) {
  const response = await put(cookie, id, body, headers);
  expect(response.status, await response.clone().text()).toBe(200);
  return taskSchema.parse(await response.json());
}

async function list(cookie: string, language = 'en'): Promise<Task[]> {
  const response = await t.request('/api/tasks', { cookie, headers: { 'accept-language': language } });
  expect(response.status).toBe(200);
  return taskListSchema.parse(await response.json());
}

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe('validation_failed');
  return body.error.fields ?? {};
}

async function completionsOf(taskId: number) {
  return t.db
    .select({ occurrence: taskCompletions.occurrence, key: taskCompletions.clientKey })
    .from(taskCompletions)
    .where(eq(taskCompletions.taskId, taskId))
    .orderBy(taskCompletions.id);
}

/** The task's scheduled reminders by key: when each is to be sent and whether it still will be. */
async function remindersOf(taskId: number) {
  const rows = await t.db
    .select()
    .from(scheduledNotifications)
    .where(like(scheduledNotifications.dedupeKey, `task.reminder:${taskId}:%`))
    .orderBy(scheduledNotifications.dedupeKey);
  return rows.map((row) => ({
    key: row.dedupeKey.replace(`task.reminder:${taskId}:`, ''),
    at: row.sendAt.toISOString(),
    status: row.status,
  }));
}

const pendingOf = async (taskId: number) =>
  (await remindersOf(taskId)).filter((row) => row.status === 'pending').map(({ key, at }) => ({ key, at }));

async function stats(cookie: string): Promise<DashboardStats> {
  const response = await t.request('/api/dashboard/stats?time_zone=UTC', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardStats;
}

/** The wall-clock date and time an instant shows in a zone, `YYYY-MM-DD HH:MM`, by Intl (the test's own check). */
function wallClock(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

describe('the plan fields', () => {
  it('are taken on create, answered in every task, and the same in the list, with repeat_text in each language', async () => {
    const { cookie } = await signInMember(t);
    const other = await create(cookie, { title: 'Plain' });
    expect(other).toMatchObject({
      notes: null,
      due_time: null,
      repeat: null,
      repeat_text: null,
      repeat_from: 'due',
      checklist: [],
      reminders: [],
      last_completed_at: null,
    });
    const task = await create(cookie, {
      title: 'Review',
      notes: 'Room 4',
      due_date: '2026-11-27',
      due_time: '17:30',
      repeat: 'RRULE:FREQ=MONTHLY;BYDAY=-1FR',
      checklist: [
        { text: 'Notes', done: false },
        { text: 'Slides', done: true },
      ],
      reminders: [{ before_minutes: 60 }, { before_minutes: 0 }, { before_minutes: 60 }],
      time_zone: 'Europe/Madrid',
    });
    expect(task).toMatchObject({
      notes: 'Room 4',
      due_date: '2026-11-27',
      due_time: '17:30',
      repeat: 'FREQ=MONTHLY;BYDAY=-1FR',
      repeat_text: 'Every last Friday',
      repeat_from: 'due',
      reminders: [{ before_minutes: 60 }, { before_minutes: 0 }],
    });
    expect(task.checklist.map(({ text, done }) => ({ text, done }))).toEqual([
      { text: 'Notes', done: false },
      { text: 'Slides', done: true },
    ]);
    expect(new Set(task.checklist.map((item) => item.id)).size).toBe(2);
    expect((await list(cookie)).find((one) => one.id === task.id)).toEqual(task);

    const spanish = await list(cookie, 'es');
    expect(spanish.find((one) => one.id === task.id)?.repeat_text).toBe('Cada último viernes');
    expect(spanish.find((one) => one.id === other.id)?.repeat_text).toBeNull();
    const written = await putOk(cookie, task.id, { notes: 'Room 5' }, { 'accept-language': 'es' });
    expect(written.repeat_text).toBe('Cada último viernes');

    // Items keep their ids; one sent without gets a new one; null clears.
    const [first] = task.checklist;
    const edited = await putOk(cookie, task.id, {
      checklist: [
        { text: 'Added', done: false },
        { ...first, done: true },
      ],
      notes: null,
    });
    expect(edited.notes).toBeNull();
    expect(edited.checklist[1]).toEqual({ ...first, done: true });
    expect(edited.checklist[0]?.id).not.toBe(first?.id);
    expect((await putOk(cookie, task.id, { checklist: null })).checklist).toEqual([]);
  });

  it('keeps every text a member typed as typed beside the repeat words the list adds', async () => {
    const { cookie } = await signInMember(t);
    const forged = '"repeat_text" : {"R" : "FREQ=DAILY"}';
    const task = await create(cookie, {
      title: forged,
      labels: [forged.slice(0, 40)],
      notes: `x", "repeat_text" : {"R" : "FREQ=YEARLY"}`,
      checklist: [{ text: forged, done: false }],
      due_date: '2026-12-01',
      repeat: 'FREQ=WEEKLY',
    });
    const plain = await create(cookie, { title: `\\"repeat_text" : {"R" : "FREQ=DAILY"}` });
    const listed = await list(cookie);
    expect(listed.find((one) => one.id === task.id)).toEqual(task);
    expect(listed.find((one) => one.id === plain.id)).toEqual(plain);
    expect(task).toMatchObject({ title: forged, repeat_text: 'Every week' });
    expect(plain.repeat_text).toBeNull();
  });

  it.each([
    ['a time without a date', { due_time: '10:00' }, ['due_time']],
    ['a repeat without a date', { repeat: 'FREQ=DAILY' }, ['repeat']],
    ['reminders without a date', { reminders: [{ before_minutes: 5 }] }, ['reminders']],
    ['an hourly repeat', { due_date: '2026-12-01', repeat: 'FREQ=HOURLY' }, ['repeat']],
    ['an unknown part', { due_date: '2026-12-01', repeat: 'FREQ=DAILY;BYHOUR=9' }, ['repeat']],
    ['a malformed repeat', { due_date: '2026-12-01', repeat: 'FREQ=WEEKLY;BYDAY=XX' }, ['repeat']],
    [
      'a repeat that never occurs',
      { due_date: '2026-12-01', repeat: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' },
      ['repeat'],
    ],
    [
      'a repeat that ended before the date',
      { due_date: '2026-12-01', repeat: 'FREQ=DAILY;UNTIL=20261130' },
      ['repeat'],
    ],
    ['a malformed time', { due_date: '2026-12-01', due_time: '24:00' }, ['due_time']],
    [
      '51 checklist items',
      { checklist: Array.from({ length: 51 }, (_, i) => ({ text: `${i}` })) },
      ['checklist'],
    ],
    ['an empty checklist item', { checklist: [{ text: '  ' }] }, ['checklist.0.text']],
    [
      '6 reminders',
      { due_date: '2026-12-01', reminders: [1, 2, 3, 4, 5, 6].map((m) => ({ before_minutes: m })) },
      ['reminders'],
    ],
    [
      'a reminder four weeks and a minute before',
      { due_date: '2026-12-01', reminders: [{ before_minutes: 40_321 }] },
      ['reminders.0.before_minutes'],
    ],
    ['long notes', { notes: 'x'.repeat(10_001) }, ['notes']],
    ['an unknown zone', { due_date: '2026-12-01', time_zone: 'Nowhere/Land' }, ['time_zone']],
    ['a bad repeat_from', { repeat_from: 'later' }, ['repeat_from']],
  ])('answers 400 to %s, naming the field, and writes nothing', async (_label, body, fields) => {
    const { cookie } = await signInMember(t);
    const response = await t.request('/api/tasks', { method: 'POST', cookie, body: { title: 'x', ...body } });
    expect(Object.keys(await fieldsOf(response))).toEqual(fields);
    expect(await list(cookie)).toEqual([]);
  });

  it('refuses a change that leaves a plan without its date or its rule without a date, changing nothing', async () => {
    const { cookie } = await signInMember(t);
    const task = await create(cookie, {
      due_date: '2026-11-25',
      repeat: 'FREQ=DAILY;UNTIL=20261201',
      due_time: '08:00',
      reminders: [{ before_minutes: 15 }],
    });
    expect(Object.keys(await fieldsOf(await put(cookie, task.id, { due_date: '2026-12-05' })))).toEqual([
      'repeat',
    ]);
    expect(
      Object.keys(
        await fieldsOf(
          await put(cookie, task.id, { due_date: null, repeat: 'FREQ=DAILY', due_time: '09:00' }),
        ),
      ),
    ).toEqual(['due_time', 'repeat']);
    expect(
      Object.keys(await fieldsOf(await put(cookie, task.id, { occurrence: '26-11-2026', status: 'done' }))),
    ).toEqual(['occurrence']);
    expect((await put(cookie, task.id, { status: 'done' }, { 'idempotency-key': 'bad key' })).status).toBe(
      400,
    );
    expect((await list(cookie))[0]).toEqual(task);
    expect(await pendingOf(task.id)).toHaveLength(1);

    // Clearing the date clears what hangs on it, and its reminders are cancelled.
    const cleared = await putOk(cookie, task.id, { due_date: null });
    expect(cleared).toMatchObject({
      due_date: null,
      due_time: null,
      repeat: null,
      repeat_text: null,
      reminders: [],
    });
    expect(await pendingOf(task.id)).toEqual([]);
  });
});

describe('completing a repeating task', () => {
  it('records one completion and moves the same task to its next date, unchecked, at the top of To Do', async () => {
    const { cookie } = await signInMember(t);
    const task = await create(cookie, {
      title: 'Review',
      due_date: '2026-11-27',
      due_time: '17:30',
      repeat: 'FREQ=MONTHLY;BYDAY=-1FR',
      checklist: [
        { text: 'Notes', done: true },
        { text: 'Slides', done: true },
      ],
      reminders: [{ before_minutes: 60 }],
      time_zone: 'Europe/Madrid',
    });
    const newer = await create(cookie, { title: 'Newer' });
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-11-27:60', at: '2026-11-27T15:30:00.000Z' }]);

    // A drop into Done at a position: the occurrence is done, the task comes back on top of To Do.
    const moved = await putOk(cookie, task.id, { status: 'done', position: 0, occurrence: '2026-11-27' });
    expect(moved).toMatchObject({
      status: 'todo',
      due_date: '2026-12-25',
      completed_at: null,
      last_completed_at: t.clock.now().toISOString(),
      repeat: 'FREQ=MONTHLY;BYDAY=-1FR',
    });
    expect(moved.checklist.every((item) => !item.done)).toBe(true);
    expect(moved.checklist.map((item) => item.id)).toEqual(task.checklist.map((item) => item.id));
    const todo = (await list(cookie)).filter((one) => one.status === 'todo');
    expect(todo.map((one) => one.id)).toEqual([task.id, newer.id]);
    expect(todo[0]).toEqual(moved);
    expect(await completionsOf(task.id)).toEqual([{ occurrence: '2026-11-27', key: null }]);
    // Its reminder moved to the next date; the old one is cancelled.
    expect(await remindersOf(task.id)).toEqual([
      { key: '2026-11-27:60', at: '2026-11-27T15:30:00.000Z', status: 'cancelled' },
      { key: '2026-12-25:60', at: '2026-12-25T15:30:00.000Z', status: 'pending' },
    ]);
  });

  it('changes it once when the same completion is sent again: the same key, a stale occurrence, two at once', async () => {
    const { cookie } = await signInMember(t);
    const task = await create(cookie, {
      due_date: '2026-11-23',
      repeat: 'FREQ=DAILY',
      reminders: [{ before_minutes: 0 }],
    });
    const key = crypto.randomUUID();
    const etag = async () => (await t.request('/api/tasks', { cookie })).headers.get('etag');

    const first = await putOk(
      cookie,
      task.id,
      { status: 'done', occurrence: '2026-11-23' },
      { 'idempotency-key': key },
    );
    expect(first.due_date).toBe('2026-11-24');
    const version = await etag();
    // The same key (a retry whose answer was lost), with or without the occurrence: nothing changes.
    expect(
      await putOk(cookie, task.id, { status: 'done', occurrence: '2026-11-23' }, { 'idempotency-key': key }),
    ).toEqual(first);
    expect(await putOk(cookie, task.id, { status: 'done' }, { 'idempotency-key': key })).toEqual(first);
    // A stale occurrence (a second device, a reminder's Done after the board's): nothing changes, not the version.
    expect(
      await putOk(cookie, task.id, { status: 'done', occurrence: '2026-11-23', title: 'Renamed' }),
    ).toEqual(first);
    expect(await etag()).toBe(version);
    expect(await completionsOf(task.id)).toEqual([{ occurrence: '2026-11-23', key }]);

    // Two completions of the same occurrence at once, from two devices (keys of their own): the task moves once.
    const both = await Promise.all(
      [crypto.randomUUID(), crypto.randomUUID()].map((own) =>
        putOk(cookie, task.id, { status: 'done', occurrence: '2026-11-24' }, { 'idempotency-key': own }),
      ),
    );
    expect(both.map((answer) => answer.due_date)).toEqual(['2026-11-25', '2026-11-25']);
    // The same key twice at once.
    const same = crypto.randomUUID();
    await Promise.all(
      [0, 1].map(() =>
        put(cookie, task.id, { status: 'done', occurrence: '2026-11-25' }, { 'idempotency-key': same }),
      ),
    );
    expect((await list(cookie))[0]?.due_date).toBe('2026-11-26');
    expect((await completionsOf(task.id)).map((row) => row.occurrence)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-11-26:0', at: '2026-11-26T09:00:00.000Z' }]);
  });

  it('comes back on the last Friday of each month across a year', async () => {
    const { cookie } = await signInMember(t);
    let task = await create(cookie, { due_date: '2027-01-29', repeat: 'FREQ=MONTHLY;BYDAY=-1FR' });
    const dates = [task.due_date];
    for (let month = 1; month < 12; month++) {
      task = await putOk(cookie, task.id, { status: 'done', occurrence: task.due_date });
      dates.push(task.due_date);
    }
    expect(dates).toEqual([
      '2027-01-29',
      '2027-02-26',
      '2027-03-26',
      '2027-04-30',
      '2027-05-28',
      '2027-06-25',
      '2027-07-30',
      '2027-08-27',
      '2027-09-24',
      '2027-10-29',
      '2027-11-26',
      '2027-12-31',
    ]);
    for (const date of dates) {
      const day = new Date(`${date}T00:00:00Z`);
      expect(day.getUTCDay()).toBe(5);
      expect(new Date(day.getTime() + 7 * 86_400_000).getUTCMonth()).not.toBe(day.getUTCMonth());
    }
  });

  it.each([
    [
      'the 31st, skipping short months',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      '2027-01-31',
      ['2027-03-31', '2027-05-31', '2027-07-31'],
    ],
    [
      'the 31st or the last day of a shorter month',
      'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
      '2027-01-31',
      ['2027-02-28', '2027-03-31', '2027-04-30'],
    ],
    [
      'the last working day (BYSETPOS)',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      '2027-01-29',
      ['2027-02-26', '2027-03-31', '2027-04-30'],
    ],
    [
      'every weekday',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      '2026-11-27',
      ['2026-11-30', '2026-12-01', '2026-12-02'],
    ],
  ])('%s', async (_label, repeat, dueDate, next) => {
    const { cookie } = await signInMember(t);
    let task = await create(cookie, { due_date: dueDate, repeat });
    const dates: (string | null)[] = [];
    for (const _ of next) {
      task = await putOk(cookie, task.id, { status: 'done', occurrence: task.due_date });
      dates.push(task.due_date);
    }
    expect(dates).toEqual(next);
  });

  it('stays done when COUNT or UNTIL has no next date, and leaving Done takes back that completion', async () => {
    const { cookie } = await signInMember(t);
    const counted = await create(cookie, { due_date: '2026-11-23', repeat: 'FREQ=WEEKLY;COUNT=2' });
    expect(counted.repeat_text).toBe('Every week, 2 times');
    const second = await putOk(cookie, counted.id, { status: 'done', occurrence: '2026-11-23' });
    expect(second).toMatchObject({ status: 'todo', due_date: '2026-11-30', repeat: 'FREQ=WEEKLY;COUNT=1' });
    expect(second.repeat_text).toBe('Every week, once');
    const ended = await putOk(cookie, counted.id, { status: 'done', occurrence: '2026-11-30' });
    expect(ended).toMatchObject({
      status: 'done',
      due_date: '2026-11-30',
      completed_at: t.clock.now().toISOString(),
    });
    expect((await completionsOf(counted.id)).map((row) => row.occurrence)).toEqual([
      '2026-11-23',
      '2026-11-30',
    ]);
    const reopened = await putOk(cookie, counted.id, { status: 'todo', occurrence: '2026-11-30' });
    expect(reopened).toMatchObject({ status: 'todo', due_date: '2026-11-30', completed_at: null });
    expect((await completionsOf(counted.id)).map((row) => row.occurrence)).toEqual(['2026-11-23']);

    const until = await create(cookie, { due_date: '2026-11-23', repeat: 'FREQ=DAILY;UNTIL=20261124' });
    const last = await putOk(cookie, until.id, { status: 'done', occurrence: '2026-11-23' });
    expect(last.due_date).toBe('2026-11-24');
    expect(await putOk(cookie, until.id, { status: 'done', occurrence: '2026-11-24' })).toMatchObject({
      status: 'done',
      due_date: '2026-11-24',
    });
  });

  it('counts from the member’s today, in the task’s zone, with repeat_from "completion"', async () => {
    const { cookie } = await signInMember(t);
    // 09:00 UTC on 22 November is 06:00 of the 22nd in Santiago, and 23:00 of the 21st in Honolulu.
    const santiago = await create(cookie, {
      due_date: '2026-11-10',
      repeat: 'FREQ=DAILY;INTERVAL=3',
      repeat_from: 'completion',
      time_zone: 'America/Santiago',
    });
    const honolulu = await create(cookie, {
      due_date: '2026-11-10',
      repeat: 'FREQ=DAILY;INTERVAL=3',
      repeat_from: 'completion',
      time_zone: 'Pacific/Honolulu',
    });
    const fromDue = await create(cookie, { due_date: '2026-11-10', repeat: 'FREQ=DAILY;INTERVAL=3' });
    expect((await putOk(cookie, santiago.id, { status: 'done', occurrence: '2026-11-10' })).due_date).toBe(
      '2026-11-25',
    );
    expect((await putOk(cookie, honolulu.id, { status: 'done', occurrence: '2026-11-10' })).due_date).toBe(
      '2026-11-24',
    );
    expect((await putOk(cookie, fromDue.id, { status: 'done', occurrence: '2026-11-10' })).due_date).toBe(
      '2026-11-13',
    );
  });

  it('undoes a completion: naming its occurrence with another status reopens it, once', async () => {
    const { cookie } = await signInMember(t);
    const task = await create(cookie, {
      due_date: '2026-11-23',
      repeat: 'FREQ=WEEKLY;COUNT=3',
      checklist: [{ text: 'Pack', done: true }],
      reminders: [{ before_minutes: 0 }],
    });
    await putOk(cookie, task.id, { status: 'doing' });
    const moved = await putOk(cookie, task.id, { status: 'done', occurrence: '2026-11-23' });
    expect(moved).toMatchObject({ due_date: '2026-11-30', repeat: 'FREQ=WEEKLY;COUNT=2' });
    expect((await stats(cookie)).tasks_today).toBe(1);

    const undone = await putOk(cookie, task.id, {
      status: 'doing',
      occurrence: '2026-11-23',
      checklist: task.checklist,
    });
    expect(undone).toMatchObject({
      status: 'doing',
      due_date: '2026-11-23',
      repeat: 'FREQ=WEEKLY;COUNT=3',
      checklist: task.checklist,
      last_completed_at: null,
    });
    expect(await completionsOf(task.id)).toEqual([]);
    expect((await stats(cookie)).tasks_today).toBe(0);
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-11-23:0', at: '2026-11-23T09:00:00.000Z' }]);
    // The Undo sent again: that occurrence is not completed any more, and it is the task's date: nothing to undo.
    expect(await putOk(cookie, task.id, { status: 'doing', occurrence: '2026-11-23' })).toEqual(undone);
    // Naming an occurrence never completed is stale: nothing changes.
    expect(await putOk(cookie, task.id, { status: 'todo', occurrence: '2026-11-16' })).toEqual(undone);
  });

  it('keeps another member’s task out of reach: 404 for every completion or undo', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const task = await create(owner.cookie, { due_date: '2026-11-23', repeat: 'FREQ=DAILY' });
    for (const body of [
      { status: 'done', occurrence: '2026-11-23' },
      { status: 'todo', occurrence: '2026-11-22' },
      { repeat: 'FREQ=WEEKLY' },
    ]) {
      expect(
        (await put(other.cookie, task.id, body, { 'idempotency-key': crypto.randomUUID() })).status,
      ).toBe(404);
    }
    expect((await list(owner.cookie))[0]).toEqual(task);
    expect(await completionsOf(task.id)).toEqual([]);
  });
});

describe('completions counted once', () => {
  it('for Tasks Today, the streak and the calendar', async () => {
    const { cookie } = await signInMember(t);
    const daily = await create(cookie, { title: 'Stretch', due_date: '2026-11-22', repeat: 'FREQ=DAILY' });
    const key = crypto.randomUUID();
    await putOk(cookie, daily.id, { status: 'done', occurrence: '2026-11-22' }, { 'idempotency-key': key });
    await putOk(cookie, daily.id, { status: 'done', occurrence: '2026-11-22' }, { 'idempotency-key': key });
    await putOk(cookie, daily.id, { status: 'done', occurrence: '2026-11-22' });
    expect(await stats(cookie)).toMatchObject({ tasks_today: 1, streak_days: 1 });
    // Done ahead of time: the next occurrence counts too.
    await putOk(cookie, daily.id, { status: 'done', occurrence: '2026-11-23' });
    const plain = await create(cookie, { title: 'Call' });
    await putOk(cookie, plain.id, { status: 'done' });
    await putOk(cookie, plain.id, { status: 'done', title: 'Call back' });
    expect((await stats(cookie)).tasks_today).toBe(3);
    // Leaving Done takes it back; done again counts once.
    await putOk(cookie, plain.id, { status: 'todo' });
    expect((await stats(cookie)).tasks_today).toBe(2);
    await putOk(cookie, plain.id, { status: 'done' });
    expect(await completionsOf(plain.id)).toEqual([{ occurrence: null, key: null }]);
    // A deleted task leaves Tasks Today.
    await t.request(`/api/tasks/${plain.id}`, { method: 'DELETE', cookie });
    expect((await stats(cookie)).tasks_today).toBe(2);

    const week = (await (
      await t.request('/api/calendar/week?start=2026-11-16&time_zone=UTC', { cookie })
    ).json()) as CalendarWeek;
    const stretch = week.events.filter((event) => event.title === 'Stretch');
    expect(stretch.map(({ id, day, task_status }) => ({ id, day, task_status }))).toEqual([
      { id: `task-${daily.id}-2026-11-22`, day: '2026-11-22', task_status: 'done' },
    ]);
    const next = (await (
      await t.request('/api/calendar/week?start=2026-11-23&time_zone=UTC', { cookie })
    ).json()) as CalendarWeek;
    expect(
      next.events
        .filter((event) => event.title === 'Stretch')
        .map(({ id, day, task_status }) => ({ id, day, task_status })),
    ).toEqual([
      { id: `task-${daily.id}-2026-11-23`, day: '2026-11-23', task_status: 'done' },
      { id: `task-${daily.id}`, day: '2026-11-24', task_status: 'todo' },
    ]);
  });

  it('for Task Warrior: 25 completed occurrences of one task earn it once, repeats of a completion never', async () => {
    const { cookie, user } = await signInMember(t);
    let task = await create(cookie, { due_date: '2027-01-01', repeat: 'FREQ=DAILY' });
    const earned = async () => (await t.db.select().from(badges).where(eq(badges.userId, user.id))).length;
    for (let i = 0; i < 24; i++) {
      const occurrence = task.due_date;
      const key = crypto.randomUUID();
      task = await putOk(cookie, task.id, { status: 'done', occurrence }, { 'idempotency-key': key });
      await putOk(cookie, task.id, { status: 'done', occurrence }, { 'idempotency-key': key });
      await putOk(cookie, task.id, { status: 'done', occurrence });
    }
    expect(await completionsOf(task.id)).toHaveLength(24);
    expect(await earned()).toBe(0);
    await Promise.all([0, 1].map(() => put(cookie, task.id, { status: 'done', occurrence: task.due_date })));
    expect(await completionsOf(task.id)).toHaveLength(25);
    const rows = await t.db.select().from(badges).where(eq(badges.userId, user.id));
    expect(rows.map((row) => row.badgeType)).toEqual(['task_warrior']);
  });
});

describe('reminders', () => {
  it('are planned at the due time, or 09:00, in the task’s zone, DST included, as instants', async () => {
    const { cookie } = await signInMember(t);
    const at = async (body: Body) => {
      const task = await create(cookie, { reminders: [{ before_minutes: 0 }], ...body });
      const [row] = await pendingOf(task.id);
      return row?.at ?? '';
    };
    const cases: [Body, string, string][] = [
      // Madrid moves its clocks forward on 28 March 2027, back on 31 October 2027.
      [
        { due_date: '2027-03-27', time_zone: 'Europe/Madrid' },
        '2027-03-27T08:00:00.000Z',
        '2027-03-27 09:00',
      ],
      [
        { due_date: '2027-03-28', time_zone: 'Europe/Madrid' },
        '2027-03-28T07:00:00.000Z',
        '2027-03-28 09:00',
      ],
      // 02:30 does not happen that night: it is read as 03:30 summer time, as far after the jump.
      [
        { due_date: '2027-03-28', due_time: '02:30', time_zone: 'Europe/Madrid' },
        '2027-03-28T01:30:00.000Z',
        '2027-03-28 03:30',
      ],
      // 02:30 happens twice on 31 October: the first.
      [
        { due_date: '2027-10-31', due_time: '02:30', time_zone: 'Europe/Madrid' },
        '2027-10-31T00:30:00.000Z',
        '2027-10-31 02:30',
      ],
      [
        { due_date: '2027-10-31', time_zone: 'Europe/Madrid' },
        '2027-10-31T08:00:00.000Z',
        '2027-10-31 09:00',
      ],
      // Santiago moves forward at midnight starting 5 September 2027, back at midnight ending 3 April 2027.
      [
        { due_date: '2027-09-04', time_zone: 'America/Santiago' },
        '2027-09-04T13:00:00.000Z',
        '2027-09-04 09:00',
      ],
      [
        { due_date: '2027-09-05', time_zone: 'America/Santiago' },
        '2027-09-05T12:00:00.000Z',
        '2027-09-05 09:00',
      ],
      [
        { due_date: '2027-09-05', due_time: '00:30', time_zone: 'America/Santiago' },
        '2027-09-05T04:30:00.000Z',
        '2027-09-05 01:30',
      ],
      [
        { due_date: '2027-04-03', time_zone: 'America/Santiago' },
        '2027-04-03T12:00:00.000Z',
        '2027-04-03 09:00',
      ],
      [
        { due_date: '2027-04-04', time_zone: 'America/Santiago' },
        '2027-04-04T13:00:00.000Z',
        '2027-04-04 09:00',
      ],
    ];
    for (const [body, instant, wall] of cases) {
      expect(await at(body), JSON.stringify(body)).toBe(instant);
      expect(wallClock(instant, String(body.time_zone))).toBe(wall);
    }
  });

  it('move with the task across a DST change, and a day before is 24 hours before', async () => {
    const { cookie } = await signInMember(t);
    const task = await create(cookie, {
      due_date: '2027-03-21',
      repeat: 'FREQ=WEEKLY',
      reminders: [{ before_minutes: 0 }, { before_minutes: 1440 }],
      time_zone: 'Europe/Madrid',
    });
    expect(await pendingOf(task.id)).toEqual([
      { key: '2027-03-21:0', at: '2027-03-21T08:00:00.000Z' },
      { key: '2027-03-21:1440', at: '2027-03-20T08:00:00.000Z' },
    ]);
    await putOk(cookie, task.id, { status: 'done', occurrence: '2027-03-21' });
    expect(await pendingOf(task.id)).toEqual([
      { key: '2027-03-28:0', at: '2027-03-28T07:00:00.000Z' },
      { key: '2027-03-28:1440', at: '2027-03-27T07:00:00.000Z' },
    ]);
  });

  it('are moved, cancelled and planned again by each write, never for a moment already past', async () => {
    const { cookie } = await signInMember(t);
    // Today at 09:30 UTC: a reminder an hour before has passed (09:00 now), one at the time has not.
    const task = await create(cookie, {
      due_date: '2026-11-22',
      due_time: '09:30',
      reminders: [{ before_minutes: 60 }, { before_minutes: 0 }],
      time_zone: 'UTC',
    });
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-11-22:0', at: '2026-11-22T09:30:00.000Z' }]);

    await putOk(cookie, task.id, { due_time: '18:00' });
    expect(await pendingOf(task.id)).toEqual([
      { key: '2026-11-22:0', at: '2026-11-22T18:00:00.000Z' },
      { key: '2026-11-22:60', at: '2026-11-22T17:00:00.000Z' },
    ]);
    await putOk(cookie, task.id, { reminders: [{ before_minutes: 15 }] });
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-11-22:15', at: '2026-11-22T17:45:00.000Z' }]);
    // Done cancels, To Do plans again.
    await putOk(cookie, task.id, { status: 'done' });
    expect(await pendingOf(task.id)).toEqual([]);
    await putOk(cookie, task.id, { status: 'todo' });
    expect(await pendingOf(task.id)).toHaveLength(1);
    // Deleting cancels, restoring plans again.
    expect((await t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    expect(await pendingOf(task.id)).toEqual([]);
    await t.request('/api/tasks/restore', { method: 'POST', cookie, body: { id: task.id } });
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-11-22:15', at: '2026-11-22T17:45:00.000Z' }]);
    // Moving the date: the old day's is cancelled.
    await putOk(cookie, task.id, { due_date: '2026-11-23' });
    expect(await remindersOf(task.id)).toContainEqual({
      key: '2026-11-22:15',
      at: '2026-11-22T17:45:00.000Z',
      status: 'cancelled',
    });
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-11-23:15', at: '2026-11-23T17:45:00.000Z' }]);
    // A task's reminders carry what the notification needs: the task, the instant it is due, its date.
    const [row] = await t.db
      .select({ payload: scheduledNotifications.payload, type: scheduledNotifications.type })
      .from(scheduledNotifications)
      .where(and(eq(scheduledNotifications.dedupeKey, `task.reminder:${task.id}:2026-11-23:15`)));
    expect(row).toEqual({
      type: 'task.reminder',
      payload: { task_id: task.id, due: '2026-11-23T18:00:00.000Z', occurrence: '2026-11-23' },
    });
  });

  it('are read in the member’s profile zone when they set one, whatever zone the request names', async () => {
    const { cookie, user } = await signInMember(t);
    await t.db.insert(profiles).values({ userId: user.id, timeZone: 'America/Santiago' });
    const task = await create(cookie, {
      due_date: '2026-12-01',
      reminders: [{ before_minutes: 0 }],
      time_zone: 'Europe/Madrid',
    });
    // 09:00 in Santiago (UTC-3 in December).
    expect(await pendingOf(task.id)).toEqual([{ key: '2026-12-01:0', at: '2026-12-01T12:00:00.000Z' }]);
    const [row] = await t.db.select({ zone: tasks.timeZone }).from(tasks).where(eq(tasks.id, task.id));
    expect(row?.zone).toBe('America/Santiago');
  });
});

describe('an archive', () => {
  it('brings back the plan and the completions, an older one’s completed task with its one completion', async () => {
    const { cookie } = await signInMember(t);
    const archive = await zipOf(
      archiveWith({
        'tasks.json': JSON.stringify([
          archivedTask({
            id: 1,
            title: 'Old and done',
            status: 'done',
            completed_at: '2026-11-20T10:00:00.000Z',
          }),
          archivedTask({
            id: 2,
            title: 'Review',
            due_date: '2026-12-25',
            due_time: '17:30',
            notes: 'Room 4',
            repeat: 'RRULE:FREQ=MONTHLY;BYDAY=-1FR',
            repeat_from: 'due',
            checklist: [
              { id: 'a1', text: 'Slides', done: false },
              { text: 'Notes', done: true },
            ],
            reminders: [{ before_minutes: 60 }],
            time_zone: 'Europe/Madrid',
            last_completed_at: '2026-10-30T17:00:00.000Z',
            completions: [
              { occurrence: '2026-09-25', completed_at: '2026-09-25T17:00:00.000Z' },
              { occurrence: '2026-10-30', completed_at: '2026-10-30T17:00:00.000Z' },
            ],
          }),
        ]),
      }),
    );
    const applied = await importInto(t, cookie, archive, 'apply');
    expect(applied.status, await applied.clone().text()).toBe(200);
    const imported = await list(cookie);
    const review = imported.find((one) => one.title === 'Review');
    expect(review).toMatchObject({
      due_date: '2026-12-25',
      due_time: '17:30',
      notes: 'Room 4',
      repeat: 'FREQ=MONTHLY;BYDAY=-1FR',
      repeat_text: 'Every last Friday',
      reminders: [{ before_minutes: 60 }],
      last_completed_at: '2026-10-30T17:00:00.000Z',
    });
    expect(review?.checklist[0]).toEqual({ id: 'a1', text: 'Slides', done: false });
    expect(review?.checklist[1]).toMatchObject({ text: 'Notes', done: true });
    expect((await completionsOf(review?.id ?? 0)).map((row) => row.occurrence)).toEqual([
      '2026-09-25',
      '2026-10-30',
    ]);
    const old = imported.find((one) => one.title === 'Old and done');
    expect(await completionsOf(old?.id ?? 0)).toEqual([{ occurrence: null, key: null }]);
    // Its reminder is planned, as a route would have planned it.
    expect(await pendingOf(review?.id ?? 0)).toEqual([
      { key: '2026-12-25:60', at: '2026-12-25T15:30:00.000Z' },
    ]);
  });

  it.each([
    [
      'a repeat Lumara does not read',
      { due_date: '2026-12-01', repeat: 'FREQ=HOURLY' },
      /tasks\.json at 0\.repeat/,
    ],
    ['a time without a date', { due_time: '10:00' }, /tasks\.json at 0\.due_time/],
    ['an unknown zone', { time_zone: 'Nowhere/Land' }, /tasks\.json at 0\.time_zone/],
  ])('refuses a task with %s, and writes nothing', async (_label, plan, says) => {
    const { cookie } = await signInMember(t);
    const archive = await zipOf(archiveWith({ 'tasks.json': JSON.stringify([archivedTask(plan)]) }));
    const refused = await importInto(t, cookie, archive, 'apply');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(says);
    expect(await list(cookie)).toEqual([]);
  });
});

describe('focus sessions for a task', () => {
  it('store the member’s own task, and answer 404 for another member’s, a deleted or an unknown one', async () => {
    const { cookie } = await signInMember(t);
    const other = await signInMember(t);
    const mine = await createTaskAs(t, cookie, { title: 'Deep work' });
    const theirs = await createTaskAs(t, other.cookie, { title: 'Theirs' });
    const gone = await createTaskAs(t, cookie, { title: 'Gone' });
    await t.request(`/api/tasks/${gone.id}`, { method: 'DELETE', cookie });
    const start = (body: Body) =>
      t.request('/api/pomodoro', { method: 'POST', cookie, body: { duration_minutes: 25, ...body } });

    const started = await start({ task_id: mine.id });
    expect(started.status).toBe(201);
    expect(await started.json()).toMatchObject({ task_id: mine.id });
    expect(await (await start({})).json()).toMatchObject({ task_id: null });
    for (const taskId of [theirs.id, gone.id, 999_999_999]) {
      expect((await start({ task_id: taskId })).status).toBe(404);
    }
  });
});
