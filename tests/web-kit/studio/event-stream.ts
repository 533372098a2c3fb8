import { HttpResponse } from 'msw';

/** Server-sent event streams as MSW answers: whole, or fed by hand to look at the page mid-stream. */

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const encoder = new TextEncoder();

function streamHeaders() {
  return { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };
}

/** A 200 event stream that sends `chunks` (one read each) and ends. */
export function sseAnswer(chunks: readonly string[]): HttpResponse<ReadableStream<Uint8Array>> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new HttpResponse(body, { status: 200, headers: streamHeaders() });
}

/**
 * A 200 event stream the test writes to: `send` an event, `close` it. When the page aborts the request, MSW
 * cancels the body, as a server sees its client go, and the page's read fails with an AbortError, as a real
 * fetch's does.
 */
export function controlledSse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      // MSW sends the status and headers with the first chunk: an empty one lets `fetch` resolve at once, as a
      // server that flushes its headers does, without adding a byte to the stream.
      c.enqueue(new Uint8Array(0));
    },
    cancel() {
      open = false;
    },
  });
  return {
    response: new HttpResponse(body, { status: 200, headers: streamHeaders() }),
    send(event: string, data: unknown) {
      if (open) controller.enqueue(encoder.encode(sseFrame(event, data)));
    },
    sendRaw(text: string) {
      if (open) controller.enqueue(encoder.encode(text));
    },
    close() {
      if (!open) return;
      open = false;
      controller.close();
    },
    isOpen: () => open,
  };
}
