import { describe, expect, it } from 'vitest';
import { moveWidget } from './widget-order.ts';

const list = ['a', 'b', 'c'].map((title, i) => ({ id: i + 1, title, order_index: i * 10 }));

describe('moveWidget', () => {
  it('moves a widget and renumbers 0, 1, 2…', () => {
    expect(moveWidget(list, 1, 2).map((w) => [w.title, w.order_index])).toEqual([
      ['b', 0],
      ['c', 1],
      ['a', 2],
    ]);
  });

  it('clamps the index to the list, and leaves an unknown id alone', () => {
    expect(moveWidget(list, 3, -5).map((w) => w.title)).toEqual(['c', 'a', 'b']);
    expect(moveWidget(list, 2, 99).map((w) => w.title)).toEqual(['a', 'c', 'b']);
    expect(moveWidget(list, 42, 0)).toEqual(list);
  });
});
