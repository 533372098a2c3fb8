import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ColumnSlot, placeInColumn, slotOfChange, type TaskPlace, topPosition } from './tasks.ts';

/** Board order: lower position first, on a tie the newer (higher id) first. */
const inBoardOrder = (column: readonly TaskPlace[]) =>
  column.every((place, i) => {
    const next = column[i + 1];
    return (
      !next || place.position < next.position || (place.position === next.position && place.id > next.id)
    );
  });

const ids = (column: readonly TaskPlace[]) => column.map((place) => place.id);

/** A column as the database holds it: distinct ids, any positions (ties and gaps too), sorted in board order. */
const columnArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 12 })
  .chain((columnIds) =>
    fc.tuple(
      fc.constant(columnIds),
      fc.array(fc.integer({ min: -50, max: 50 }), {
        minLength: columnIds.length,
        maxLength: columnIds.length,
      }),
    ),
  )
  .map(([columnIds, positions]) =>
    columnIds
      .map((id, i) => ({ id, position: positions[i] ?? 0 }))
      .sort((a, b) => a.position - b.position || b.id - a.id),
  );

/** The task being placed: an id no column task has, and whatever position it held before. */
const movingTask = { id: 0, position: 7 };

describe('slotOfChange: where a change puts its task', () => {
  it('a new column sends it to the top unless a position says where; a position alone moves it', () => {
    expect(slotOfChange(true, undefined)).toBe('top');
    expect(slotOfChange(true, 2)).toBe(2);
    expect(slotOfChange(false, 0)).toBe(0);
    expect(slotOfChange(false, undefined)).toBeNull();
  });
});

describe('placeInColumn: the board order rule', () => {
  const column = [
    { id: 3, position: -1 },
    { id: 1, position: 0 },
    { id: 2, position: 4 },
  ];

  it('puts a task on top with a position below the first, moving no other task', () => {
    const placed = placeInColumn(column, movingTask, 'top');
    expect(placed).toEqual([{ id: 0, position: -2 }, ...column]);
    expect(placed.slice(1).every((place, i) => place === column[i])).toBe(true);
    expect(topPosition(undefined)).toBe(0);
    expect(placeInColumn([], movingTask, 'top')).toEqual([{ id: 0, position: 0 }]);
  });

  it('reads only the first task for the top, so the server fetches only that one', () => {
    expect(placeInColumn(column.slice(0, 1), movingTask, 'top')[0]).toEqual(
      placeInColumn(column, movingTask, 'top')[0],
    );
  });

  it('puts a task at an index, clamped to the column, and renumbers the column 0, 1, 2…', () => {
    expect(placeInColumn(column, movingTask, 1)).toEqual([
      { id: 3, position: 0 },
      { id: 0, position: 1 },
      { id: 1, position: 2 },
      { id: 2, position: 3 },
    ]);
    expect(ids(placeInColumn(column, movingTask, 99))).toEqual([3, 1, 2, 0]);
    expect(ids(placeInColumn(column, movingTask, -5))).toEqual([0, 3, 1, 2]);
  });

  it('keeps the tasks whose position does not change as they are', () => {
    const numbered = [
      { id: 5, position: 0 },
      { id: 6, position: 1 },
    ];
    const placed = placeInColumn(numbered, { id: 7, position: 2 }, 2);
    expect(placed[0]).toBe(numbered[0]);
    expect(placed[1]).toBe(numbered[1]);
  });

  const slotArbitrary: fc.Arbitrary<ColumnSlot> = fc.oneof(
    fc.constant('top' as const),
    fc.integer({ min: -3, max: 20 }),
  );

  it('always answers the column plus the task, in board order, the others keeping their order', () => {
    fc.assert(
      fc.property(columnArbitrary, slotArbitrary, (others, slot) => {
        const placed = placeInColumn(others, movingTask, slot);
        expect(placed).toHaveLength(others.length + 1);
        expect(ids(placed.filter((place) => place.id !== movingTask.id))).toEqual(ids(others));
        expect(inBoardOrder(placed)).toBe(true);
      }),
    );
  });

  it('puts the task where the slot says: first for the top, at the clamped index otherwise', () => {
    fc.assert(
      fc.property(columnArbitrary, slotArbitrary, (others, slot) => {
        const at = slot === 'top' ? 0 : Math.max(0, Math.min(slot, others.length));
        expect(ids(placeInColumn(others, movingTask, slot)).indexOf(movingTask.id)).toBe(at);
      }),
    );
  });

  it('moves no other task for the top, and numbers the column 0…n for an index', () => {
    fc.assert(
      fc.property(columnArbitrary, fc.integer({ min: 0, max: 20 }), (others, index) => {
        expect(placeInColumn(others, movingTask, 'top').slice(1)).toEqual(others);
        expect(placeInColumn(others, movingTask, index).map((place) => place.position)).toEqual(
          Array.from({ length: others.length + 1 }, (_, i) => i),
        );
      }),
    );
  });

  it('is stable: placing the task again in the same place changes nothing', () => {
    fc.assert(
      fc.property(columnArbitrary, fc.integer({ min: 0, max: 20 }), (others, index) => {
        const placed = placeInColumn(others, movingTask, index);
        const at = placed.findIndex((place) => place.id === movingTask.id);
        const again = placeInColumn(
          placed.filter((place) => place.id !== movingTask.id),
          placed[at] ?? movingTask,
          at,
        );
        expect(again).toEqual(placed);
      }),
    );
  });
});
