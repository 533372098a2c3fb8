import { emptyTaskPlan, type Task } from '#shared/tasks.ts';

let sequence = 0;

export function buildTask(overrides: Partial<Task> = {}): Task {
  sequence += 1;
  return {
    id: sequence,
    title: `Task ${sequence}`,
    status: 'todo',
    labels: [],
    due_date: null,
    position: sequence,
    created_at: '2026-11-20T08:30:00.000Z',
    completed_at: null,
    ...emptyTaskPlan(),
    ...overrides,
  };
}
