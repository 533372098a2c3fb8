import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';

/** What a client may take of the server's connections and time (docs/configuration.md). */
export type HttpLimits = {
  /** A client must have sent its request headers within this long (slow-loris). */
  headersTimeoutMs: number;
  /** ... and its whole request, body included. Streams of answers (live events) are not bounded by it. */
  requestTimeoutMs: number;
  /** A kept-alive connection with no request in flight is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; the next one is refused until one closes. */
  maxConnections: number;
  /** The largest request body the API accepts (larger ones answer 413). */
  maxBodyBytes: number;
};

export type HttpServerOptions = HttpLimits & {
  /**
   * Set on every answer before the app writes its own (which win): the security headers (security-headers.ts),
   * chosen by the request's path.
   */
  headers?: (path: string) => readonly (readonly [string, string])[];
};

/** How often Node looks for clients over the header and request timeouts (its default is every 30 s). */
const TIMEOUT_CHECK_MS = 1_000;
/** After answering a body too large to read, how long the server goes on reading and discarding it. */
const LINGER_MS = 5_000;

/**
 * The HTTP/1.1 server in front of the app. What it adds to `@hono/node-server`'s listener:
 * - timeouts for slow and idle clients, checked every second;
 * - a kept-alive connection stays usable after an early answer (401, 403, 413, 415 sent before the body was
 *   read). The adapter's own clean-up destroyed such a connection 500 ms after the answer while the client was
 *   still sending, and its next request met a reset. Here Node reads and discards the rest of a body of
 *   allowed size, and the connection goes on. A body declared larger than allowed is answered with
 *   `Connection: close`, and the server keeps reading what the client still sends for a while before closing
 *   (a lingering close, as nginx does), so the client reads the answer instead of a reset;
 * - a request the adapter cannot turn into a URL (a backslash in the path, a bad Host) answers a 400 in the API's
 *   error shape instead of an empty body;
 * - the headers every answer carries (`headers`), set once on Node's response, before the app answers.
 */
export function createHttpServer(
  fetch: (request: Request) => Response | Promise<Response>,
  limits: HttpServerOptions,
): Server {
  const headersFor = limits.headers ?? (() => []);
  const listener = getRequestListener(fetch, {
    autoCleanupIncoming: false,
    errorHandler: (error) => {
      if (error instanceof RequestError) return errorResponse(400, 'bad_request', error.message);
      return errorResponse(500, 'internal', 'Something went wrong on our side');
    },
  });
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    (incoming, outgoing) => {
      for (const [name, value] of headersFor(incoming.url ?? '/')) outgoing.setHeader(name, value);
      if (declaredLength(incoming) > limits.maxBodyBytes) {
        outgoing.setHeader('Connection', 'close');
        lingerBeforeClosing(incoming.socket);
      }
      void listener(incoming, outgoing);
    },
  );
  server.maxConnections = limits.maxConnections;
  server.on('clientError', answerClientError);
  return server;
}

function declaredLength(incoming: IncomingMessage): number {
  const header = incoming.headers['content-length'];
  return header === undefined ? 0 : Number(header);
}

/**
 * Node ends a `Connection: close` answer with `socket.destroySoon()`: close as soon as the answer is written. Bytes
 * the client is still sending then meet a closed socket, and the kernel answers them with a reset that can reach
 * the client before it has read the answer. Instead: send the answer and FIN, keep reading (Node discards the rest
 * of the body), and close when the client has closed its side, or after LINGER_MS.
 */
function lingerBeforeClosing(socket: Socket): void {
  const lingering = socket as Socket & { destroySoon?: () => void };
  lingering.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

function errorResponse(status: 400 | 500, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
  });
}

type ClientErrorAnswer = { status: number; reason: string; message: string };
const CLIENT_ERROR_ANSWERS: Record<string, ClientErrorAnswer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
};
const NOT_HTTP: ClientErrorAnswer = {
  status: 400,
  reason: 'Bad Request',
  message: 'The request is not valid HTTP',
};

/**
 * A request Node cannot parse (malformed, headers too large, too slow) never reaches the app. Node's own answer
 * is a bare status line; this one carries the API's error shape, then closes the connection.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, message } = CLIENT_ERROR_ANSWERS[error.code ?? ''] ?? NOT_HTTP;
  const body = JSON.stringify({ error: { code: 'bad_request', message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=UTF-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
