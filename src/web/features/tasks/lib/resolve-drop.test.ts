import { describe, expect, it } from 'vitest';
import { buildTask } from '#tests/factories/build-task.ts';
import { columnDropId, resolveDrop, statusOfColumnDropId } from './resolve-drop.ts';

describe('resolveDrop: what a drop on the board does', () => {
  const todo1 = buildTask({ title: 'todo 1', status: 'todo' });
  const todo2 = buildTask({ title: 'todo 2', status: 'todo' });
  const todo3 = buildTask({ title: 'todo 3', status: 'todo' });
  const doing1 = buildTask({ title: 'doing 1', status: 'doing' });
  const done1 = buildTask({ title: 'done 1', status: 'done' });
  const tasks = [todo1, todo2, todo3, doing1, done1];

  it('dropping on another column gives the task that column’s status', () => {
    expect(resolveDrop(todo1.id, columnDropId('doing'), tasks)).toEqual({
      type: 'status',
      task: todo1,
      status: 'doing',
    });
    expect(resolveDrop(done1.id, columnDropId('todo'), tasks)).toEqual({
      type: 'status',
      task: done1,
      status: 'todo',
    });
  });

  it('dropping on its own column changes nothing', () => {
    expect(resolveDrop(todo2.id, columnDropId('todo'), tasks)).toEqual({ type: 'none' });
  });

  it('dropping on a task of the same status moves it to that task’s index', () => {
    expect(resolveDrop(todo3.id, todo1.id, tasks)).toEqual({ type: 'reorder', task: todo3, position: 0 });
    expect(resolveDrop(todo1.id, todo3.id, tasks)).toEqual({ type: 'reorder', task: todo1, position: 2 });
    expect(resolveDrop(todo1.id, todo2.id, tasks)).toEqual({ type: 'reorder', task: todo1, position: 1 });
  });

  it('dropping on a task of a different status does nothing', () => {
    expect(resolveDrop(todo1.id, doing1.id, tasks)).toEqual({ type: 'none' });
    expect(resolveDrop(done1.id, todo2.id, tasks)).toEqual({ type: 'none' });
  });

  it('dropping on itself, on nothing or on something unknown does nothing', () => {
    expect(resolveDrop(todo1.id, todo1.id, tasks)).toEqual({ type: 'none' });
    expect(resolveDrop(todo1.id, null, tasks)).toEqual({ type: 'none' });
    expect(resolveDrop(todo1.id, 'column:later', tasks)).toEqual({ type: 'none' });
    expect(resolveDrop(999, columnDropId('done'), tasks)).toEqual({ type: 'none' });
  });

  it('tells column ids from task ids', () => {
    expect(statusOfColumnDropId(columnDropId('done'))).toBe('done');
    expect(statusOfColumnDropId(7)).toBeNull();
    expect(statusOfColumnDropId('column:nope')).toBeNull();
  });
});
