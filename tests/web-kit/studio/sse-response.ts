/** Server-sent event streams for tests: whole, or fed by hand to look at the page mid-stream. */

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const encoder = new TextEncoder();

function streamHeaders() {
  return { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };
}

/** A 200 event stream that sends `chunks` (one read each) and ends. */
export function sseResponse(chunks: readonly string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: streamHeaders() });
}

/**
 * A 200 event stream the test writes to: `send` an event, `close` it, or let the page abort it (the request's
 * signal errors the body, as a real fetch does).
 */
export function controlledSse(signal?: AbortSignal) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
    },
  });
  signal?.addEventListener('abort', () => {
    if (!open) return;
    open = false;
    controller.error(new DOMException('The operation was aborted.', 'AbortError'));
  });
  return {
    response: new Response(body, { status: 200, headers: streamHeaders() }),
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
