import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compresses JSON answers, and pages rendered per request (the dashboard painted by the server), of `fromBytes` and more for a client that accepts brotli or gzip (a long task list, a
 * page of posts: 5 to 10 times smaller on a phone's connection). Hono's own `compress` cannot do this: it judges
 * size by Content-Length, which `c.json` does not set, so it would compress every tiny answer too. Live event
 * streams and media files are not JSON and pass untouched (a compressed stream would hold events back).
 */
export function compressJson(options: { fromBytes: number }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    // Headers only, until the client is known to take an encoding: asking for the body makes the Node adapter
    // build a whole Web Response.
    if (
      c.req.method === 'HEAD' ||
      answer.headers.has('Content-Encoding') ||
      !/^(?:application\/(?:[\w.+-]+\+)?json|text\/html)/.test(answer.headers.get('Content-Type') ?? '')
    ) {
      return;
    }
    // Whatever this client gets, another with other encodings gets other bytes for the same URL.
    answer.headers.append('Vary', 'Accept-Encoding');
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !answer.body) return;
    const body = new Uint8Array(await answer.arrayBuffer());
    const headers = new Headers(answer.headers);
    let sent = body;
    if (body.byteLength >= options.fromBytes) {
      const compressed =
        encoding === 'br' ? await brotli(body, brotliOptions(body.byteLength)) : await gzipped(body);
      // zlib answers a Buffer on a plain (never shared) ArrayBuffer.
      sent = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
      headers.set('Content-Encoding', encoding);
      headers.delete('Content-Length');
    }
    c.res = new Response(sent, { status: answer.status, statusText: answer.statusText, headers });
  };
}

/** Brotli when the client takes it (smaller), else gzip; none when it names neither or refuses both (`q=0`). */
function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** A middling quality: an answer is compressed on every request, so speed matters more than the last few bytes. */
function brotliOptions(sizeHint: number) {
  return {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint },
  };
}
