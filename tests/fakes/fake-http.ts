import type http from 'node:http';
import { startTestServer, type TestServer } from './canary-server.ts';

/**
 * What every fake provider server shares: an async handler on a loopback port (a handler that throws answers a
 * bare 500, as a broken upstream would, instead of leaving the client hanging), and reading a request body.
 */
export function startFakeServer(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>,
  host = '127.0.0.1',
): Promise<TestServer> {
  return startTestServer(
    (req, res) => {
      void handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    },
    { host },
  );
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (piece: string) => {
      data += piece;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
