import { describe, expect, it } from 'vitest';
import { readSseFrames, type SseFrame } from './sse-frames.ts';

function bodyOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(frames: AsyncIterable<SseFrame>): Promise<SseFrame[]> {
  const all: SseFrame[] = [];
  for await (const frame of frames) all.push(frame);
  return all;
}

/** The frames of a body sent in these pieces of text. */
function parseAll(chunks: readonly string[]): Promise<SseFrame[]> {
  const encoder = new TextEncoder();
  return collect(readSseFrames(bodyOf(chunks.map((chunk) => encoder.encode(chunk)))));
}

const stream =
  'event: user\ndata: {"a":1}\n\n' +
  ': keep-alive\n\n' +
  'event: delta\ndata: {"text":"Hi"}\n\n' +
  'data: plain\n\n';
const expected: SseFrame[] = [
  { event: 'user', data: '{"a":1}' },
  { event: 'delta', data: '{"text":"Hi"}' },
  { event: 'message', data: 'plain' },
];

describe('readSseFrames: the event-stream rules', () => {
  it('reads named frames, skips comments, and names unnamed frames "message"', async () => {
    expect(await parseAll([stream])).toEqual(expected);
  });

  it('gives the same frames however the text is cut, one character at a time included', async () => {
    for (let size = 1; size <= stream.length; size += 1) {
      const chunks: string[] = [];
      for (let start = 0; start < stream.length; start += size)
        chunks.push(stream.slice(start, start + size));
      expect(await parseAll(chunks)).toEqual(expected);
    }
  });

  it('accepts CRLF and CR line ends, also when a CRLF is cut between two pieces', async () => {
    expect(await parseAll(['event: delta\r\ndata: x\r', '\n\r', '\n'])).toEqual([
      { event: 'delta', data: 'x' },
    ]);
    expect(await parseAll(['event: delta\rdata: y\r\r'])).toEqual([{ event: 'delta', data: 'y' }]);
    // A CR that ends one piece and an LF that starts the next make one line end, not two (no empty frame cut).
    expect(await parseAll(['data: a\r', '\ndata: b\r\n\r\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('joins multi-line data with newlines, and strips only one space after the colon', async () => {
    expect(await parseAll(['data: first\ndata:second\ndata:  indented\ndata\n\n'])).toEqual([
      { event: 'message', data: 'first\nsecond\n indented\n' },
    ]);
  });

  it('drops frames without data, ignores unknown fields and retry, and gives the frame’s id', async () => {
    expect(await parseAll(['event: ping\n\nretry: 10\nfoo: bar\nid: 7\ndata: x\n\n'])).toEqual([
      { event: 'message', data: 'x', id: '7' },
    ]);
  });

  it('drops an unfinished frame when the stream ends, and a leading byte-order mark', async () => {
    expect(await parseAll(['\uFEFFdata: done\n\ndata: half'])).toEqual([{ event: 'message', data: 'done' }]);
  });

  it('does not carry an event name over to the next frame', async () => {
    expect(await parseAll(['event: delta\ndata: 1\n\ndata: 2\n\n'])).toEqual([
      { event: 'delta', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });
});

describe('readSseFrames', () => {
  it('decodes UTF-8 split anywhere, even inside an emoji', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Hi 🦜 ✨"}\n\n');
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await collect(readSseFrames(bodyOf(chunks)))).toEqual([
      { event: 'delta', data: '{"text":"Hi 🦜 ✨"}' },
    ]);
  });

  it('ends with the body, and releases it when the reader stops early', async () => {
    const encoder = new TextEncoder();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: 1\n\ndata: 2\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const frame of readSseFrames(body)) {
      expect(frame.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
