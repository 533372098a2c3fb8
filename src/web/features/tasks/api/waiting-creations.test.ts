import { describe, expect, it } from 'vitest';
import { buildTask } from '#tests/factories/build-task.ts';
import { type WaitingCreation, withWaitingCreations } from './create-task.ts';

const waiting = (title: string, temporaryId: number | undefined): WaitingCreation => ({
  variables: { request: { title, labels: ['trip'] }, idempotencyKey: `key-${title}` },
  temporaryId,
});

describe('withWaitingCreations (creations kept across a reload)', () => {
  it('puts back a waiting creation the list lacks, at the top of To Do, under its temporary id', () => {
    const kept = buildTask({ id: 4, title: 'Pack the charger', status: 'todo' });
    const shown = withWaitingCreations([kept], [waiting('Book the train', -7)]);
    expect(shown.map((task) => [task.id, task.title, task.status, task.labels])).toEqual([
      [-7, 'Book the train', 'todo', ['trip']],
      [4, 'Pack the charger', 'todo', []],
    ]);
  });

  it('leaves the list as it is when it already shows them (no reload happened), or when one has no id', () => {
    const list = [buildTask({ id: -7, title: 'Book the train' }), buildTask({ id: 4 })];
    expect(withWaitingCreations(list, [waiting('Book the train', -7), waiting('Other', undefined)])).toBe(
      list,
    );
  });
});
