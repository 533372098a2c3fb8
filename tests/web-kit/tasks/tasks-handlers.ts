import { http } from 'msw';
import { successSchema } from '#shared/api.ts';
import {
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

/**
 * The task routes of the API, in memory, on the test's MSW server: new and restored tasks go to the top of
 * their column, a status change without position goes to the top, a position places the task at that index.
 * Bodies are read with the contract's request schemas and answers with its task schema. Enough to see what the
 * UI sends and how it shows the answers.
 */
export function serveTasks(initial: Task[] = []) {
  let tasks = placeAll(initial);
  const deleted = new Map<number, Task>();
  let nextId = Math.max(100, ...initial.map((task) => task.id)) + 1;

  const find = (id: number) => tasks.find((task) => task.id === id);
  /** A task just placed in the list, as it now stands there. */
  const placed = (id: number): Task => {
    const task = find(id);
    if (!task) throw new Error(`Task ${id} is not in the list`);
    return task;
  };
  const notFound = () => errorResponse(404, 'not_found', 'That task was not found');

  server.use(
    http.get('/api/tasks', () => contractAnswer(taskListSchema, tasks)),
    http.post('/api/tasks', async ({ request }) => {
      const input = createTaskRequestSchema.parse(await request.json());
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
      };
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
      // The server's rule, as the browser's cache predicts it: one owner (shared/tasks.ts through task-order.ts).
      tasks = applyTaskChanges(tasks, current.id, updateTaskRequestSchema.parse(await request.json()));
      return contractAnswer(taskSchema, placed(current.id));
    }),
  );

  return {
    tasks: () => tasks,
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
