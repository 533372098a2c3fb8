import type http from 'node:http';
import { startTestServer, type TestServer } from './canary-server.ts';

/** What the host answers at a path: a calendar (with an ETag it honours), another body, or a status. */
export type HostedFile = {
  body: string | Buffer;
  type?: string;
  status?: number;
  /** Sent as ETag; a request whose If-None-Match names it is answered 304 without a body. */
  etag?: string;
};

export type CalendarHost = TestServer & {
  /** Sets (or replaces) what a path answers. */
  serve(path: string, file: HostedFile): void;
  /** Requests that reached a path (304s included). */
  hits(path: string): number;
  /** The If-None-Match of each request to a path, in order (null when none was sent). */
  validators(path: string): (string | null)[];
  url(path: string): string;
};

/**
 * A calendar server on a loopback address standing for the internet (tests make it public through the safe
 * fetch's `extraAllowed`, as UNSAFE_OUTBOUND_ALLOW does): serves .ics files, honours ETags, counts requests.
 */
export async function startCalendarHost(options: { host: string; port?: number }): Promise<CalendarHost> {
  const files = new Map<string, HostedFile>();
  const requests = new Map<string, (string | null)[]>();
  const server = await startTestServer((request: http.IncomingMessage, response: http.ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://calendar-host').pathname;
    const match = request.headers['if-none-match'] ?? null;
    requests.set(path, [...(requests.get(path) ?? []), typeof match === 'string' ? match : null]);
    const file = files.get(path);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no such calendar');
      return;
    }
    if (file.etag && match === file.etag) {
      response.writeHead(304, { etag: file.etag });
      response.end();
      return;
    }
    response.writeHead(file.status ?? 200, {
      'content-type': file.type ?? 'text/calendar; charset=utf-8',
      ...(file.etag ? { etag: file.etag } : {}),
    });
    response.end(file.body);
  }, options);
  return {
    ...server,
    serve: (path, file) => void files.set(path, file),
    hits: (path) => requests.get(path)?.length ?? 0,
    validators: (path) => requests.get(path) ?? [],
    url: (path) => `${server.origin}${path}`,
  };
}
