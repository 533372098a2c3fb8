import { z } from 'zod';
import { STORED_CONTENT_TYPES } from '#server/lib/data/media-content-types.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { json } from './api-route.ts';
import { notFound } from './errors.ts';
import { say } from './request-language.ts';
import { APP_CSP } from './security-headers.ts';

/** A file in the media store and the type it was checked to be when it was stored. */
export type StoredFile = { key: string; contentType: string };

export type ByteRange = { start: number; end: number };

/** A stored file is only ever a picture, a film or a sound, served as the type it was stored as. */
const storedFileContent = Object.fromEntries(
  STORED_CONTENT_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
);

/** What a route that answers with `serveStoredFile` declares. */
export const storedFileResponses = {
  200: { description: 'The whole file', content: storedFileContent },
  206: {
    description: 'The one byte range `Range` asked for (`Content-Range` says which)',
    content: storedFileContent,
  },
  416: json(apiErrorBodySchema, 'The range starts past the end of the file (`bad_request`)'),
};

/**
 * The owner's browser may keep a stored file for a day: a key's bytes never change (a new save is a new key),
 * and `private` keeps it out of shared caches. The `/api/*` middleware leaves a `private` Cache-Control alone.
 */
export const STORED_FILE_CACHE_CONTROL = 'private, max-age=86400';

/**
 * Answers a stored file. `Range` is honoured (one range, the form browsers send when a video or a song is
 * sought), so `<video>` and `<audio>` can jump ahead without downloading everything first. The answer can never
 * act as a page of our origin: its type was checked when it was stored (pictures, films, sounds only), nosniff
 * stops a browser guessing otherwise, and the app's Content-Security-Policy with `sandbox` added disarms it if one
 * still tried.
 * `disposition` is `inline` for the gallery, or an `attachment` header made by the caller.
 */
export async function serveStoredFile(
  request: Request,
  store: MediaStore,
  file: StoredFile,
  disposition: string,
): Promise<Response> {
  const size = await store.size(file.key);
  if (size === null) throw notFound('file');
  const headers = new Headers({
    'Content-Type': file.contentType,
    'Content-Disposition': disposition,
    'Accept-Ranges': 'bytes',
    'Cache-Control': STORED_FILE_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': `${APP_CSP}; sandbox`,
  });
  // If-Range asks for a range only while the file is unchanged; without validators we answer the whole file,
  // which RFC 9110 §13.1.5 allows and which is always correct.
  const range = request.headers.has('if-range') ? null : parseRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    headers.delete('Content-Disposition');
    // An error is not worth keeping: the API's no-store applies.
    headers.delete('Cache-Control');
    const body = {
      error: {
        code: 'bad_request',
        message: say('server.media.rangeOutside', { bytes: size }),
      },
    };
    return new Response(JSON.stringify(body), { status: 416, headers });
  }
  const part = range ?? (size > 0 ? { start: 0, end: size - 1 } : null);
  headers.set('Content-Length', String(part ? part.end - part.start + 1 : 0));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  // A HEAD (or an empty file) reads nothing: opening a stream nobody consumes would hold a file handle open.
  if (request.method === 'HEAD' || !part) return new Response(null, { status, headers });
  const body = await store.read(file.key, part);
  if (!body) throw notFound('file');
  return new Response(body, { status, headers });
}

/**
 * The byte range a `Range` header asks for, per RFC 9110 §14.1.2: `bytes=a-b`, `bytes=a-` or `bytes=-n`. A
 * header we do not understand, or several ranges, is ignored (the whole file is answered, as the RFC allows);
 * a range that starts past the end is 'unsatisfiable' (416).
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  // Trimmed first, and the first number optional as a whole, so no two `\s*` ever meet: a pattern where they do
  // backtracks quadratically over a header of spaces.
  const match = /^bytes\s*=\s*(?:(\d+)\s*)?-\s*(\d*)$/i.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // `bytes=a-` runs to the end; a last byte past the end means the end too.
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (!Number.isSafeInteger(start) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
