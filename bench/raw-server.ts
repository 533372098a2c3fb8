/**
 * The baseline: a bare node:http server answering the same JSON body, with the same content type, as the route
 * under test. It is the ceiling of this machine; Lumara is reported as a fraction of it measured in the same run.
 */
import http from 'node:http';

const body = process.env.RAW_BODY ?? '{}';
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
