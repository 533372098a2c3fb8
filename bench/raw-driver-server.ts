/**
 * The database ceiling behind HTTP: a bare node:http server that answers the same JSON as Lumara's routes from the
 * same look-ups straight through the driver (bench/raw-driver-lookups.ts): `GET /me`, `GET /tasks` (304 with
 * `If-None-Match` naming the version) and `GET /repeat-read-cost` (the session look-up, which reads the version,
 * 500 times one after the other, in milliseconds per read, round trips included).
 * Prints `{"port":…}` once listening; SIGTERM stops it.
 */
import http from 'node:http';
import { answerOf, database } from './raw-driver-lookups.ts';

const server = http.createServer((request, response) => {
  answerOf({
    path: request.url ?? '/',
    cookie: request.headers.cookie,
    ifNoneMatch: request.headers['if-none-match'],
  }).then(
    ({ status, body, headers }) => answer(response, status, body, headers),
    (error: unknown) => answer(response, 500, JSON.stringify({ error: String(error) })),
  );
});

function answer(
  response: http.ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
