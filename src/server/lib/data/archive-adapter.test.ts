import { describe, expect, it } from 'vitest';
import { notAfter, notYetHeld, samenessKey } from './archive-adapter.ts';

describe('notYetHeld', () => {
  it('keeps each new key once, in order, reading each item’s key once', () => {
    const keyed: string[] = [];
    const items = ['a', 'b', 'a', 'c', 'b', 'd'];
    const fresh = notYetHeld(items, ['c'], (item) => {
      keyed.push(item);
      return item;
    });
    expect(fresh).toEqual(['a', 'b', 'd']);
    expect(keyed).toEqual(items);
  });
});

describe('samenessKey', () => {
  it('is the same whatever order an object lists its keys in, nested ones included', () => {
    expect(samenessKey({ a: 1, b: { c: 2, d: [3, { e: 4, f: 5 }] } })).toBe(
      samenessKey({ b: { d: [3, { f: 5, e: 4 }], c: 2 }, a: 1 }),
    );
    expect(samenessKey({ a: 1 })).not.toBe(samenessKey({ a: 2 }));
  });
});

describe('notAfter', () => {
  it('moves an instant later than now back to now, and keeps an earlier one', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const at = notAfter(now);
    expect(at('2099-01-01T00:00:00Z')).toEqual(now);
    expect(at('2026-11-27T10:00:00Z')).toEqual(new Date('2026-11-27T10:00:00Z'));
  });
});
