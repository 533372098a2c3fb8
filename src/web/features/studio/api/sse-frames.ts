/**
 * Server-sent events read from a `fetch` body. `EventSource` cannot POST a JSON body, so the studio streams chat
 * replies over `fetch` and reads the frames itself, following the WHATWG event-stream rules: lines end with
 * CRLF, LF or CR; `:` starts a comment (keep-alives); `data:` lines join with a newline; a blank line ends a
 * frame; a frame without data is dropped, and so is an unfinished one when the stream ends.
 */

export type SseFrame = {
  /** The `event:` field; 'message' when the frame names none. */
  event: string;
  data: string;
  id?: string;
};

export type SseParser = {
  /** Feeds decoded text; answers the frames it completed. Text may be cut anywhere, even inside a CRLF. */
  push: (text: string) => SseFrame[];
  /** The stream ended: a CR left waiting ends its line (an unfinished frame is still dropped). */
  end: () => SseFrame[];
};

export function createSseParser(): SseParser {
  let buffer = '';
  let started = false;
  let event = '';
  let data: string[] = [];
  let id: string | undefined;

  function takeLine(line: string, frames: SseFrame[]) {
    if (line === '') {
      if (data.length > 0) {
        frames.push({
          event: event || 'message',
          data: data.join('\n'),
          ...(id === undefined ? {} : { id }),
        });
      }
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry` and unknown fields are ignored: nothing here reconnects.
  }

  function push(text: string, final: boolean): SseFrame[] {
    buffer += text;
    if (!started && buffer.length > 0) {
      started = true;
      if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
    }
    const frames: SseFrame[] = [];
    let start = 0;
    for (let index = 0; index < buffer.length; index += 1) {
      const char = buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      if (char === '\r') {
        // A CR at the very end may be the first half of a CRLF: wait for the next piece to say.
        if (index === buffer.length - 1 && !final) break;
        takeLine(buffer.slice(start, index), frames);
        if (buffer[index + 1] === '\n') index += 1;
      } else {
        takeLine(buffer.slice(start, index), frames);
      }
      start = index + 1;
    }
    buffer = buffer.slice(start);
    return frames;
  }

  return { push: (text) => push(text, false), end: () => push('', true) };
}

/** The frames of a response body, as they arrive. Cancelling the iteration (break, abort) releases the body. */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let finished = false;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        yield* parser.push(decoder.decode());
        yield* parser.end();
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
