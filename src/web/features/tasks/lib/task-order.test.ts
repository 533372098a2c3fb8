import { describe, expect, it } from 'vitest';
import { buildTask } from '#tests/factories/build-task.ts';
import { applyTaskChanges, placeTask, replaceTask, tasksByStatus } from './task-order.ts';

const titles = (tasks: { title: string }[]) => tasks.map((task) => task.title);

describe('task order', () => {
  const a = buildTask({ title: 'A', status: 'todo' });
  const b = buildTask({ title: 'B', status: 'todo' });
  const c = buildTask({ title: 'C', status: 'doing' });
  const d = buildTask({ title: 'D', status: 'done' });
  const list = [a, c, b, d];

  it('groups by status, keeping the order of the list', () => {
    const columns = tasksByStatus(list);
    expect(titles(columns.todo)).toEqual(['A', 'B']);
    expect(titles(columns.doing)).toEqual(['C']);
    expect(titles(columns.done)).toEqual(['D']);
  });

  it('sends a task that changes column to the top of it, unless a position says where', () => {
    const moved = applyTaskChanges(list, b.id, { status: 'doing' });
    expect(titles(tasksByStatus(moved).doing)).toEqual(['B', 'C']);
    expect(titles(tasksByStatus(moved).todo)).toEqual(['A']);

    const placed = applyTaskChanges(list, b.id, { status: 'doing', position: 1 });
    expect(titles(tasksByStatus(placed).doing)).toEqual(['C', 'B']);
  });

  it('records completion when a task becomes done, and clears it when it leaves done', () => {
    const now = new Date('2026-11-21T10:00:00.000Z');
    const done = applyTaskChanges(list, a.id, { status: 'done' }, now).find((task) => task.id === a.id);
    expect(done?.completed_at).toBe(now.toISOString());
    const undone = applyTaskChanges(list, d.id, { status: 'todo' }).find((task) => task.id === d.id);
    expect(undone?.completed_at).toBeNull();
  });

  it('moves a task within its column by position, renumbering 0, 1, 2…', () => {
    const moved = applyTaskChanges(list, a.id, { position: 1 });
    expect(titles(tasksByStatus(moved).todo)).toEqual(['B', 'A']);
    expect(tasksByStatus(moved).todo.map((task) => task.position)).toEqual([0, 1]);
  });

  it('changes a title in place', () => {
    const renamed = applyTaskChanges(list, b.id, { title: 'Bee' });
    expect(titles(renamed)).toEqual(['A', 'C', 'Bee', 'D']);
  });

  it('clamps a position past the end to the bottom', () => {
    expect(titles(tasksByStatus(placeTask(list, a, 99)).todo)).toEqual(['B', 'A']);
  });

  it('swaps a temporary task for the server’s, in the same place', () => {
    const temporary = buildTask({ id: -5, title: 'New' });
    const withTemporary = placeTask(list, temporary, 0);
    const saved = buildTask({ id: 500, title: 'New' });
    const replaced = replaceTask(withTemporary, -5, saved);
    expect(tasksByStatus(replaced).todo.map((task) => task.id)).toEqual([500, a.id, b.id]);
  });

  it('predicts the server’s positions: the top of a new column is below its first, and nothing else moves', () => {
    const doing = [
      buildTask({ id: 901, title: 'X', status: 'doing', position: -3 }),
      buildTask({ id: 902, title: 'Y', status: 'doing', position: 5 }),
    ];
    const moved = applyTaskChanges([a, ...doing, b], a.id, { status: 'doing' });
    expect(tasksByStatus(moved).doing.map((task) => [task.title, task.position])).toEqual([
      ['A', -4],
      ['X', -3],
      ['Y', 5],
    ]);
    // The column left behind keeps its positions too: the server does not renumber it.
    expect(tasksByStatus(moved).todo).toEqual([b]);
  });

  it('takes the server’s answer as it is, where the cached task was; a task no longer cached stays out', () => {
    const answered = { ...b, title: 'B saved', position: -7 };
    expect(replaceTask(list, b.id, answered)).toEqual([a, c, answered, d]);
    expect(replaceTask(list, 12_345, { ...answered, id: 12_345 })).toEqual(list);
  });
});
