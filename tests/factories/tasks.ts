import type { CreateTaskRequest, Task } from '#shared/tasks.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

export function buildTaskInput(overrides: Partial<CreateTaskRequest> = {}): CreateTaskRequest {
  sequence += 1;
  return { title: `Task ${sequence}`, ...overrides };
}

/** Creates a task through the API as the member whose cookie is given. */
export async function createTaskAs(
  t: TestApp,
  cookie: string,
  overrides: Partial<CreateTaskRequest> = {},
): Promise<Task> {
  const response = await t.request('/api/tasks', { method: 'POST', cookie, body: buildTaskInput(overrides) });
  if (response.status !== 201)
    throw new Error(`create task failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Task;
}
