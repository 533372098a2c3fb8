import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TestServer = {
  host: string;
  port: number;
  origin: string;
  /** TCP connections that reached the server since it started. */
  connections: () => number;
  /** Closes the server and every connection still open, including requests left hanging on purpose. */
  close: () => Promise<void>;
};

/** A plain HTTP server on a given loopback address, for outbound-fetch tests (port 0 picks a free port). */
export async function startTestServer(
  handler: http.RequestListener,
  { host, port = 0 }: { host: string; port?: number },
): Promise<TestServer> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    host,
    port: bound,
    origin: `http://${host}:${bound}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Stands in for something on our own network (a database, the cloud metadata service): any connection that lands
 * here is an SSRF that got through. It answers with a marker so a leak is also visible in a body.
 */
export const CANARY_BODY = 'canary: private content';

export function startCanaryServer({ host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {}) {
  return startTestServer(
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(CANARY_BODY);
    },
    { host, port },
  );
}
