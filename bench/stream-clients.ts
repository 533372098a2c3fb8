/**
 * The load side of bench/live-streams.ts, in a process of its own (forked, told what to do over IPC): holds many
 * `GET /api/events` streams open over raw node:http, one socket each, as that many browser tabs would, and times
 * when an event reaches each. Times are epoch milliseconds with sub-millisecond precision
 * (`performance.timeOrigin + performance.now()`), comparable with the parent's on the same machine.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type ClientCommand =
  | { type: 'open'; baseUrl: string; cookies: string[]; count: number; concurrency: number }
  | { type: 'watch'; event: string; timeoutMs: number }
  | { type: 'close' };

export type ClientReport =
  | { type: 'opened'; open: number; failed: number; firstError: string | null; seconds: number }
  | { type: 'watching' }
  | { type: 'arrived'; times: number[]; missing: number; ended: number };

type Stream = { request: http.ClientRequest; seenAt: number | null; ended: boolean };

const streams: Stream[] = [];
let watched: { needle: string; since: number } | null = null;
let onSeen: () => void = () => {};

const epochNow = () => performance.timeOrigin + performance.now();
const send = (report: ClientReport) => process.send?.(report);

/** Opens one stream and resolves once its `ready` frame has been read (the server's subscription is live). */
function openOne(baseUrl: string, cookie: string): Promise<void> {
  const url = new URL('/api/events', baseUrl);
  return new Promise((resolve, reject) => {
    const stream: Stream = {
      request: undefined as unknown as http.ClientRequest,
      seenAt: null,
      ended: false,
    };
    let ready = false;
    let text = '';
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { cookie, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () => reject(new Error(`${response.statusCode} ${body.slice(0, 200)}`)));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (!ready) {
            text += chunk;
            if (text.includes('event: ready')) {
              ready = true;
              text = '';
              streams.push(stream);
              resolve();
            }
            return;
          }
          if (watched && stream.seenAt === null && chunk.includes(watched.needle)) {
            stream.seenAt = epochNow();
            onSeen();
          }
        });
        response.on('close', () => {
          stream.ended = true;
          if (!ready) reject(new Error('the stream ended before ready'));
        });
      },
    );
    stream.request = request;
    request.on('error', (error) => {
      stream.ended = true;
      if (!ready) reject(error);
    });
    request.end();
  });
}

async function openAll(command: Extract<ClientCommand, { type: 'open' }>): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (next < command.count) {
      const index = next++;
      const cookie = command.cookies[index % command.cookies.length] as string;
      // A busy server answers 503 (its database queue) or 429: wait and try again, as a browser's EventSource does.
      for (let attempt = 0; ; attempt++) {
        try {
          await openOne(command.baseUrl, cookie);
          break;
        } catch (error) {
          if (attempt >= 5) {
            failed += 1;
            firstError ??= error instanceof Error ? error.message : String(error);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, worker));
  send({
    type: 'opened',
    open: streams.length,
    failed,
    firstError,
    seconds: (performance.now() - started) / 1000,
  });
}

function watch(command: Extract<ClientCommand, { type: 'watch' }>): void {
  for (const stream of streams) stream.seenAt = null;
  watched = { needle: `event: ${command.event}`, since: epochNow() };
  let waiting = streams.filter((stream) => !stream.ended).length;
  const finish = () => {
    clearTimeout(timer);
    onSeen = () => {};
    watched = null;
    const times = streams.flatMap((stream) => (stream.seenAt === null ? [] : [stream.seenAt]));
    send({
      type: 'arrived',
      times,
      missing: streams.length - times.length,
      ended: streams.filter((stream) => stream.ended).length,
    });
  };
  const timer = setTimeout(finish, command.timeoutMs);
  onSeen = () => {
    waiting -= 1;
    if (waiting === 0) finish();
  };
  send({ type: 'watching' });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'open') void openAll(command);
  else if (command.type === 'watch') watch(command);
  else {
    for (const stream of streams) stream.request.destroy();
    process.disconnect?.();
    setTimeout(() => process.exit(0), 100).unref();
  }
});
