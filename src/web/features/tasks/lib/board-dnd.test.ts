import type { Active, ClientRect, DroppableContainer, SensorContext, UniqueIdentifier } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { type BoardDropData, boardCollisionDetection, boardKeyboardCoordinates } from './board-dnd.ts';
import { columnDropId } from './resolve-drop.ts';

function rect(left: number, top: number, width: number, height: number): ClientRect {
  return { left, top, width, height, right: left + width, bottom: top + height };
}

/**
 * A board laid out side by side: columns 280 px wide from x = 0, 300, 600, tasks 60 px tall under a 40 px
 * header. To Do holds tasks 1, 2 and 3; In Progress holds 4; Done is empty.
 */
const todoItems: UniqueIdentifier[] = [1, 2, 3];
const layout: { id: UniqueIdentifier; rect: ClientRect; data: BoardDropData & { sortable?: unknown } }[] = [
  { id: columnDropId('todo'), rect: rect(0, 0, 280, 500), data: { kind: 'column', status: 'todo' } },
  { id: columnDropId('doing'), rect: rect(300, 0, 280, 500), data: { kind: 'column', status: 'doing' } },
  { id: columnDropId('done'), rect: rect(600, 0, 280, 500), data: { kind: 'column', status: 'done' } },
  ...todoItems.map((id, index) => ({
    id,
    rect: rect(10, 50 + index * 70, 260, 60),
    data: {
      kind: 'task' as const,
      status: 'todo' as const,
      sortable: { containerId: 'todo', index, items: todoItems },
    },
  })),
  {
    id: 4,
    rect: rect(310, 50, 260, 60),
    data: { kind: 'task', status: 'doing', sortable: { containerId: 'doing', index: 0, items: [4] } },
  },
];

const containers = layout.map(
  ({ id, rect, data }) =>
    ({
      id,
      key: String(id),
      disabled: false,
      data: { current: data },
      rect: { current: rect },
      node: { current: null },
    }) as unknown as DroppableContainer,
);
const droppableRects = new Map(layout.map(({ id, rect }) => [id, rect]));
const containerMap = new Map(containers.map((container) => [container.id, container]));

function activeOf(id: UniqueIdentifier): Active {
  const entry = layout.find((candidate) => candidate.id === id);
  return {
    id,
    data: { current: entry?.data },
    rect: { current: { initial: null, translated: null } },
  } as Active;
}

function collide(collisionRect: ClientRect, pointerCoordinates: { x: number; y: number } | null) {
  return boardCollisionDetection({
    active: activeOf(2),
    collisionRect,
    droppableRects,
    droppableContainers: containers,
    pointerCoordinates,
  }).map((collision) => collision.id);
}

function press(code: string, active: UniqueIdentifier, overId: UniqueIdentifier | null) {
  const context = {
    active: activeOf(active),
    droppableContainers: containerMap,
    droppableRects,
    over: overId === null ? null : { id: overId },
  } as unknown as SensorContext;
  return boardKeyboardCoordinates(new KeyboardEvent('keydown', { code }), {
    active,
    context,
    currentCoordinates: { x: 0, y: 0 },
  });
}

describe('board collision detection', () => {
  const dragged = rect(400, 400, 260, 60);

  it('with a pointer, prefers the task under it to the column around it', () => {
    expect(collide(dragged, { x: 320, y: 60 })).toEqual([4]);
  });

  it('with a pointer over a column’s header or empty space, answers the column', () => {
    expect(collide(dragged, { x: 320, y: 10 })).toEqual([columnDropId('doing')]);
    expect(collide(dragged, { x: 700, y: 300 })).toEqual([columnDropId('done')]);
  });

  it('with a pointer outside every column, answers nothing', () => {
    expect(collide(dragged, { x: 290, y: 10 })).toEqual([]);
  });

  it('with the keyboard, answers the droppable whose top-left corner the dragged card sits on', () => {
    expect(collide(rect(300, 0, 260, 60), null)).toEqual([columnDropId('doing')]);
    expect(collide(rect(10, 120, 260, 60), null)).toEqual([2]);
  });
});

describe('board keyboard moves', () => {
  it('ArrowRight takes the task to the next column, ArrowLeft back to its own place', () => {
    expect(press('ArrowRight', 2, 2)).toEqual({ x: 300, y: 0 });
    expect(press('ArrowRight', 2, columnDropId('doing'))).toEqual({ x: 600, y: 0 });
    expect(press('ArrowLeft', 2, columnDropId('doing'))).toEqual({ x: 10, y: 120 });
  });

  it('stops at the first and last columns', () => {
    expect(press('ArrowLeft', 2, 2)).toBeUndefined();
    expect(press('ArrowRight', 2, columnDropId('done'))).toBeUndefined();
  });

  it('ArrowUp and ArrowDown move within the task’s own column, and stop at its ends', () => {
    expect(press('ArrowDown', 2, 2)).toEqual({ x: 10, y: 190 });
    expect(press('ArrowUp', 2, 2)).toEqual({ x: 10, y: 50 });
    expect(press('ArrowUp', 2, 1)).toBeUndefined();
    expect(press('ArrowDown', 2, 3)).toBeUndefined();
  });

  it('ArrowUp and ArrowDown do nothing in another column, where only the column itself is a target', () => {
    expect(press('ArrowDown', 2, columnDropId('doing'))).toBeUndefined();
  });

  it('leaves other keys alone', () => {
    expect(press('KeyA', 2, 2)).toBeUndefined();
  });
});
