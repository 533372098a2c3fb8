import { serialize } from 'pg-protocol';
import { describe, expect, it } from 'vitest';
import { firstBatchLength } from './batch-messages.ts';

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe('framing wire-protocol input into batches', () => {
  const query = [
    serialize.parse({ text: 'select $1::int', types: [] }),
    serialize.bind({ values: ['1'] }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];

  it('keeps an extended-protocol query together, up to its Sync', () => {
    const one = concat(...query);
    expect(firstBatchLength(concat(one, one))).toBe(one.length);
  });

  it('waits while the Sync has not arrived, or a message is cut', () => {
    const withoutSync = concat(...query.slice(0, 4));
    expect(firstBatchLength(withoutSync)).toBe(0);
    const one = concat(...query);
    expect(firstBatchLength(one.subarray(0, one.length - 2))).toBe(0);
  });

  it('takes a simple query on its own, and the startup packet alone', () => {
    const simple = new Uint8Array(serialize.query('select 1'));
    expect(firstBatchLength(concat(simple, ...query))).toBe(simple.length);
    const startup = new Uint8Array(serialize.startup({ user: 'postgres', database: 'postgres' }));
    expect(firstBatchLength(concat(startup, simple))).toBe(startup.length);
  });
});
