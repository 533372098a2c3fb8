/**
 * The baseline: a bare node:http server answering the same JSON body, with the same content type, as the route
 * under test. It is the ceiling of this machine; Lumara is reported as a fraction of it measured in the same run.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

// The body comes in a file: a 1,000-task list is too big for an environment variable.
const body = process.env.RAW_BODY_FILE ? readFileSync(process.env.RAW_BODY_FILE, 'utf8') : '{}';
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
  void request;
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(
    JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, msg: 'raw ready' }),
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
