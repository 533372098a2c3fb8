import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import {
  type ChecklistInput,
  createTaskRequestSchema,
  emptyTaskPlan,
  restoreTaskRequestSchema,
  type Task,
  taskListSchema,
  taskSchema,
  updateTaskRequestSchema,
} from '#shared/tasks.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { answerNextOnce, bodiesTo, requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { applyTaskChanges, placeTask } from '#web/features/tasks/lib/task-order.ts';
import { checkRepeat, nextOccurrence, repeatText } from './fake-repeat.ts';

/** A completion the fake holds: the task, and the occurrence (due date) it completed. */
export type FakeCompletion = { id: number; occurrence: string | null };

/**
 * The task routes of the API, in memory, on the test's MSW server: new and restored tasks go to the top of
 * their column, a status change without position goes to the top, a position places the task at that index.
 * The plan fields are kept as the contract says (null clears; checklist items without id are new and get one;
 * `repeat` is checked, refused with a 400 naming it, and answered with its words). Completing a repeating task
 * records one completion and moves it to its next occurrence (todo, at the top, its checklist unchecked), or
 * leaves it done once its rule has ended; a completion sent again with the same `Idempotency-Key`, or naming an
 * occurrence the task has moved on from, changes nothing; another status naming the occurrence last completed
 * reopens it (Undo: the completion is taken back), as the server does. Bodies are read with the contract's request schemas and
 * answers with its task schema. Enough to see what the UI sends and how it shows the answers.
 */
export function serveTasks(initial: Task[] = []) {
  let tasks = placeAll(initial);
  const deleted = new Map<number, Task>();
  let nextId = Math.max(100, ...initial.map((task) => task.id)) + 1;
  let nextItemId = 1;
  /** The date each repeating task's rule counts from (its due date when the rule was set). */
  const seriesStart = new Map<number, string>(
    initial.flatMap((task) => (task.repeat && task.due_date ? [[task.id, task.due_date] as const] : [])),
  );
  const completions: FakeCompletion[] = [];
  const usedKeys = new Set<string>();

  const find = (id: number) => tasks.find((task) => task.id === id);
  /** A task just placed in the list, as it now stands there. */
  const placed = (id: number): Task => {
    const task = find(id);
    if (!task) throw new Error(`Task ${id} is not in the list`);
    return task;
  };
  const notFound = () => errorResponse(404, 'not_found', 'That task was not found');
  const badRepeat = () =>
    errorResponse(400, 'validation_failed', 'Check the repeat', {
      repeat: 'That repeat rule is not one we can follow',
    });
  const withIds = (items: ChecklistInput) =>
    items.map((item) => ({
      id: item.id && !item.id.startsWith('tmp-') ? item.id : `item-${nextItemId++}`,
      text: item.text,
      done: item.done,
    }));
  const today = () => new Date().toISOString().slice(0, 10);

  server.use(
    http.get('/api/tasks', () => contractAnswer(taskListSchema, tasks)),
    http.post('/api/tasks', async ({ request }) => {
      const input = createTaskRequestSchema.parse(await request.json());
      const repeat = input.repeat ? checkRepeat(input.repeat, input.due_date ?? today()) : null;
      if (input.repeat && (!repeat || !input.due_date)) return badRepeat();
      const task: Task = {
        id: nextId++,
        title: input.title,
        status: 'todo',
        labels: input.labels ?? [],
        due_date: input.due_date ?? null,
        position: 0,
        created_at: new Date().toISOString(),
        completed_at: null,
        ...emptyTaskPlan(),
        notes: input.notes ?? null,
        due_time: input.due_time ?? null,
        repeat,
        repeat_text: repeat ? repeatText(repeat) : null,
        repeat_from: input.repeat_from ?? 'due',
        checklist: withIds(input.checklist ?? []),
        reminders: input.reminders ?? [],
      };
      if (repeat && task.due_date) seriesStart.set(task.id, task.due_date);
      tasks = placeTask(tasks, task, 'top');
      return contractAnswer(taskSchema, task, 201);
    }),
    http.post('/api/tasks/restore', async ({ request }) => {
      const task = deleted.get(restoreTaskRequestSchema.parse(await request.json()).id);
      if (!task) return notFound();
      deleted.delete(task.id);
      tasks = placeTask(tasks, task, 'top');
      return contractAnswer(taskSchema, placed(task.id));
    }),
    http.delete('/api/tasks/:id', ({ params }) => {
      const current = find(Number(params.id));
      if (!current) return notFound();
      tasks = tasks.filter((task) => task.id !== current.id);
      deleted.set(current.id, current);
      return contractAnswer(successSchema, { success: true });
    }),
    http.put('/api/tasks/:id', async ({ params, request }) => {
      const current = find(Number(params.id));
      if (!current) return notFound();
      const changes = updateTaskRequestSchema.parse(await request.json());
      const key = request.headers.get('idempotency-key');
      if (key !== null) {
        // A key seen before: the write it named already happened; the answer is the task as it stands.
        if (usedKeys.has(key)) return contractAnswer(taskSchema, current);
        usedKeys.add(key);
      }
      const completing = changes.status === 'done' && current.status !== 'done';
      if (changes.occurrence !== undefined && changes.occurrence !== current.due_date) {
        // Undo: another status, naming the occurrence last completed, reopens it; any other stale occurrence is a
        // change from a screen that is out of date, and changes nothing.
        const last = completions.findLast((completion) => completion.id === current.id);
        const reopening =
          changes.status !== undefined &&
          changes.status !== 'done' &&
          last?.occurrence === changes.occurrence;
        if (!reopening || !last) return contractAnswer(taskSchema, current);
        completions.splice(completions.lastIndexOf(last), 1);
      } else if (changes.status !== undefined && changes.status !== 'done' && current.status === 'done') {
        const index = completions.findLastIndex((completion) => completion.id === current.id);
        if (index >= 0) completions.splice(index, 1);
      }
      const dueDate = changes.due_date !== undefined ? changes.due_date : current.due_date;
      const repeatIn = changes.repeat !== undefined ? changes.repeat : current.repeat;
      const repeat = repeatIn ? checkRepeat(repeatIn, dueDate ?? today()) : null;
      if (repeatIn && (!repeat || !dueDate)) return badRepeat();
      if (changes.repeat !== undefined && repeat && dueDate) seriesStart.set(current.id, dueDate);

      if (completing && current.repeat && current.due_date) {
        completions.push({ id: current.id, occurrence: current.due_date });
        const next =
          current.repeat_from === 'completion'
            ? nextOccurrence(current.repeat, today(), today())
            : nextOccurrence(
                current.repeat,
                seriesStart.get(current.id) ?? current.due_date,
                current.due_date,
              );
        if (next) {
          const moved: Task = {
            ...current,
            status: 'todo',
            due_date: next,
            completed_at: null,
            last_completed_at: new Date().toISOString(),
            checklist: current.checklist.map((item) => ({ ...item, done: false })),
          };
          tasks = placeTask(tasks, moved, 'top');
          return contractAnswer(taskSchema, placed(current.id));
        }
      } else if (completing) {
        completions.push({ id: current.id, occurrence: current.due_date });
      }

      // The server's rule, as the browser's cache predicts it: one owner (shared/tasks.ts through task-order.ts).
      const { checklist, ...rest } = changes;
      tasks = applyTaskChanges(
        tasks.map((task) =>
          task.id === current.id && current.repeat && completing ? { ...task, repeat: null } : task,
        ),
        current.id,
        rest,
      ).map((task) =>
        task.id === current.id
          ? {
              ...task,
              repeat,
              repeat_text: repeat ? repeatText(repeat) : null,
              ...(checklist !== undefined ? { checklist: withIds(checklist ?? []) } : {}),
            }
          : task,
      );
      return contractAnswer(taskSchema, placed(current.id));
    }),
  );

  return {
    tasks: () => tasks,
    /** The completions recorded and not taken back, in order. */
    completions: () => [...completions],
    requestsTo,
    /** The next request of `method` to a path matching `path` gets `response` instead. */
    failNext(method: string, path: RegExp, response: () => Response = () => errorResponse(500, 'internal')) {
      answerNextOnce(method, path, response);
    },
    /** The JSON bodies sent by `method` to `path`. */
    bodies: (path: string, method: string): unknown[] => bodiesTo<unknown>(path, method),
  };
}

function placeAll(initial: Task[]): Task[] {
  return initial.reduce<Task[]>((list, task) => placeTask(list, task, Number.MAX_SAFE_INTEGER), []);
}
