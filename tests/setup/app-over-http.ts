import type { AddressInfo } from 'node:net';
import { MAX_BODY_BYTES } from '#server/app.ts';
import { createHttpServer, type HttpLimits } from '#server/http-server.ts';
import type { TestApp } from './test-app.ts';

export type AppOverHttp = { port: number; url: string; close(): Promise<void> };

/**
 * A test app behind the real HTTP server on 127.0.0.1 (port 0), for what only a socket shows: Content-Length as
 * clients send it, kept-alive connections, timeouts. The limits are the server's defaults for tests unless given.
 */
export async function serveOverHttp(t: TestApp, limits: Partial<HttpLimits> = {}): Promise<AppOverHttp> {
  const server = createHttpServer(t.app.fetch, {
    headersTimeoutMs: 5_000,
    requestTimeoutMs: 10_000,
    keepAliveTimeoutMs: 5_000,
    maxConnections: 100,
    maxBodyBytes: MAX_BODY_BYTES,
    ...limits,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
