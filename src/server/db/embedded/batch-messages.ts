/**
 * Frames PostgreSQL wire-protocol input into batches that must run together: the startup packet alone, or the
 * typed messages up to and including one the client then waits on (Sync, simple Query, Flush, Terminate, or a
 * password during authentication). An extended-protocol query (Parse, Bind, Describe, Execute, Sync) is one batch.
 */
const PROTOCOL_3 = 196608;
const BATCH_ENDS = new Set(['S', 'Q', 'H', 'X', 'p'].map((c) => c.charCodeAt(0)));

/** Byte length of the first complete batch in `buffer`, or 0 when more input is needed. */
export function firstBatchLength(buffer: Uint8Array): number {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (buffer.length >= 8 && view.getInt32(4) === PROTOCOL_3) {
    const length = view.getInt32(0);
    return buffer.length >= length ? length : 0;
  }
  let offset = 0;
  while (offset + 5 <= buffer.length) {
    const type = buffer[offset] as number;
    const length = 1 + view.getInt32(offset + 1);
    if (length < 5 || offset + length > buffer.length) return 0;
    offset += length;
    if (BATCH_ENDS.has(type)) return offset;
  }
  return 0;
}
