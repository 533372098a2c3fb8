import { createParser } from 'eventsource-parser';

/**
 * Server-sent events read from a `fetch` body. `EventSource` cannot POST a JSON body, so the studio streams
 * chat replies over `fetch`; the `eventsource-parser` library reads the frames by the WHATWG event-stream
 * rules (decision 0020): lines end with CRLF, LF or CR; `:` starts a comment (keep-alives); `data:` lines join
 * with a newline; a blank line ends a frame; a frame without data is dropped, and so is an unfinished one when
 * the stream ends.
 */

export type SseFrame = {
  /** The `event:` field; 'message' when the frame names none. */
  event: string;
  data: string;
  /** The frame's `id:` field, when it has one. */
  id?: string;
};

/** The frames of a response body, as they arrive. Cancelling the iteration (break, abort) releases the body. */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const frames: SseFrame[] = [];
  const parser = createParser({
    onEvent: ({ event, data, id }) => {
      frames.push({ event: event ?? 'message', data, ...(id === undefined ? {} : { id }) });
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      yield* frames.splice(0);
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
