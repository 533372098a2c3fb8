import type { CreateTaskRequest, Task, UpdateTaskRequest } from '#shared/tasks.ts';
import { errorResponse, jsonResponse, type StubbedRequest, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import { placeTask } from '#web/features/tasks/lib/task-order.ts';

type Failure = { method: string; path: RegExp; response: () => Response };

/**
 * The task routes of the API, in memory, over `stubFetch`: new and restored tasks go to the top of their
 * column, a status change without position goes to the top, a position places the task at that index. Enough
 * to see what the UI sends and how it shows the answers.
 */
export function stubTasksServer(initial: Task[] = []) {
  let tasks = placeAll(initial);
  const deleted = new Map<number, Task>();
  let nextId = Math.max(100, ...initial.map((task) => task.id)) + 1;
  const failures: Failure[] = [];

  function answer(request: StubbedRequest): Response | undefined {
    const failure = failures.findIndex((f) => f.method === request.method && f.path.test(request.path));
    if (failure !== -1) return failures.splice(failure, 1)[0]?.response();
    const body = request.body ? JSON.parse(request.body) : undefined;
    if (request.path === '/api/tasks' && request.method === 'GET') return jsonResponse(tasks);
    if (request.path === '/api/tasks' && request.method === 'POST') {
      const input = body as CreateTaskRequest;
      const task: Task = {
        id: nextId++,
        title: input.title,
        status: 'todo',
        labels: input.labels ?? [],
        due_date: input.due_date ?? null,
        position: 0,
        created_at: new Date().toISOString(),
        completed_at: null,
      };
      tasks = placeTask(tasks, task, 0);
      return jsonResponse(task, 201);
    }
    if (request.path === '/api/tasks/restore' && request.method === 'POST') {
      const task = deleted.get((body as { id: number }).id);
      if (!task) return errorResponse(404, 'not_found', 'That task was not found');
      deleted.delete(task.id);
      tasks = placeTask(tasks, task, 0);
      return jsonResponse(find(task.id));
    }
    const match = /^\/api\/tasks\/(\d+)$/.exec(request.path);
    const current = match ? tasks.find((task) => task.id === Number(match[1])) : undefined;
    if (match && !current) return errorResponse(404, 'not_found', 'That task was not found');
    if (current && request.method === 'DELETE') {
      tasks = tasks.filter((task) => task.id !== current.id);
      deleted.set(current.id, current);
      return jsonResponse({ success: true });
    }
    if (current && request.method === 'PUT') {
      const changes = body as UpdateTaskRequest;
      const updated: Task = { ...current, ...withoutPosition(changes) };
      const statusChanged = updated.status !== current.status;
      if (statusChanged) updated.completed_at = updated.status === 'done' ? new Date().toISOString() : null;
      tasks =
        statusChanged || changes.position !== undefined
          ? placeTask(tasks, updated, changes.position ?? 0)
          : tasks.map((task) => (task.id === updated.id ? updated : task));
      return jsonResponse(find(updated.id));
    }
    return undefined;
  }

  function find(id: number): Task | undefined {
    return tasks.find((task) => task.id === id);
  }

  const stub = stubFetch(answer);
  return {
    ...stub,
    tasks: () => tasks,
    /** The next request of `method` to a path matching `path` gets `response` instead. */
    failNext(method: string, path: RegExp, response: () => Response = () => errorResponse(500, 'internal')) {
      failures.push({ method, path, response });
    },
    /** The JSON bodies sent by `method` to `path`. */
    bodies(path: string, method: string): unknown[] {
      return stub.requestsTo(path, method).map((request) => JSON.parse(request.body ?? 'null'));
    },
  };
}

function placeAll(initial: Task[]): Task[] {
  return initial.reduce<Task[]>((list, task) => placeTask(list, task, Number.MAX_SAFE_INTEGER), []);
}

function withoutPosition(changes: UpdateTaskRequest): Omit<UpdateTaskRequest, 'position'> {
  const { position: _position, ...rest } = changes;
  return rest;
}
