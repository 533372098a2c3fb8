import type { MediaConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { checkMediaContent, SNIFF_BYTES } from '#server/lib/data/media-content-types.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import { type Lookup, safeFetchStream } from '#server/lib/infra/safe-fetch.ts';
import type { MediaType } from '#shared/media.ts';
import { sharedText } from '#shared/texts.ts';
import { findJobOutput, jobOutputUrl, parseJobOutputUrl } from '../generation/job-outputs.ts';
import { mediaQuotaExceeded, remainingMediaAllowance } from './media-quota.ts';

/** What copying a file into the store needs: the database (job outputs), the store, the caps and allowances. */
export type ImportMediaDeps = {
  db: Db;
  store: MediaStore;
  media: MediaConfig;
  /** The app's own origin: an absolute link on it can only be a job output, never something to fetch. */
  appUrl: URL;
  logger: Logger;
  /** DNS for the outbound fetch; the system's when absent (tests inject one). */
  lookup?: Lookup;
};

export type ImportedMediaFile = {
  /** Where the copy was written. */
  key: string;
  /** The checked content type (declared and sniffed agree), canonical (`image/jpeg`, not `image/jpg`). */
  contentType: string;
  sizeBytes: number;
  /** The link in the form recorded as the media's source: a job output's relative URL, else the link as given. */
  sourceUrl: string;
};

/**
 * The store key to write to: given outright, or made from the checked content type (so the key can carry the
 * right extension, which is only known once the file is read).
 */
export type ImportKey = string | ((contentType: string) => string);

/** Provider CDNs can be slow for a large video; the safe fetch's default 30 s is too short for those. */
export const MEDIA_FETCH_TIMEOUT_MS = 60_000;

/**
 * Copies a file a member points at into Lumara's media store, checked to be the `expected` kind of media.
 * `url` is either one of the member's job outputs (`/api/ai/jobs/<jobId>/outputs/<n>`, relative or absolute on
 * the app's origin), copied inside the store, or an http(s) link fetched through the safe outbound fetch
 * (private addresses refused after DNS, redirects re-checked, `media.maxBytes` and a 60 s cap). Anything else is
 * 400; another member's job output is 404; an upstream answer other than 200 is 502; too big is 413; not the
 * expected kind of file is 415. Nothing is written unless every check passed. A link's file is streamed into the
 * store as it arrives (its first bytes sniffed on the way), so a large video is never held in memory whole.
 *
 * The copy counts against the member's storage quota (media-quota.ts): a member with no allowance left is refused
 * before anything is fetched, and a file is refused (413 `storage_quota_exceeded`, nothing kept) as soon as it
 * proves larger than what is left. The caller that records the file re-checks the quota as it does.
 *
 * Used by `POST /api/media` and by the profile's avatar and wallpaper.
 */
export async function importMediaFile(
  deps: ImportMediaDeps,
  userId: number,
  url: string,
  expected: MediaType,
  key: ImportKey,
): Promise<ImportedMediaFile> {
  const link = url.trim();
  const output = parseJobOutputUrl(link, deps.appUrl);
  if (output) {
    const found = await findJobOutput(deps.db, userId, link, deps.appUrl);
    if (!found) throw notFound('generatedOutput');
    const sizeBytes = await deps.store.size(found.key);
    if (sizeBytes === null) throw notFound('generatedOutput');
    if (sizeBytes > deps.media.maxBytes) throw tooLarge(deps.media.maxBytes);
    if (sizeBytes > (await remainingMediaAllowance(deps, userId)))
      throw mediaQuotaExceeded(deps.media.quotaBytes);
    const contentType = await checkMediaContent(
      expected,
      found.contentType,
      await readHead(deps.store, found.key),
    );
    const target = keyFor(key, contentType);
    await deps.store.copy(found.key, target).catch((error: unknown) => {
      // The retention sweep may remove a week-old output between the size check and the copy.
      if ((error as { code?: unknown }).code === 'ENOENT') throw notFound('generatedOutput');
      throw error;
    });
    return { key: target, contentType, sizeBytes, sourceUrl: jobOutputUrl(output.jobId, output.index) };
  }

  const remote = remoteUrlOf(link, deps.appUrl);
  // Checked once the link is known to be one to fetch, and before anything is fetched.
  const allowance = await remainingMediaAllowance(deps, userId);
  if (allowance === 0) throw mediaQuotaExceeded(deps.media.quotaBytes);
  // The member's allowance caps the download like the file cap does; going past it is the quota's refusal.
  const maxBytes = Math.min(deps.media.maxBytes, allowance);
  const overAllowance = (error: unknown) =>
    allowance < deps.media.maxBytes && (error as { code?: unknown }).code === 'payload_too_large'
      ? mediaQuotaExceeded(deps.media.quotaBytes)
      : error;
  const response = await safeFetchStream(remote, {
    headers: { accept: `${expected}/*` },
    maxBytes,
    timeoutMs: MEDIA_FETCH_TIMEOUT_MS,
    allowPorts: [80, 443, ...deps.media.outbound.extraPorts],
    extraAllowed: deps.media.outbound.extraAllowed,
    logger: deps.logger,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  }).catch((error: unknown) => {
    throw overAllowance(error);
  });
  // Held from here on, so that whatever fails below, the download is cancelled and its connection let go.
  const upstream = response.body.getReader();
  try {
    if (response.status !== 200) {
      throw new AppError('provider_failed', say('server.media.downloadFailed', { status: response.status }));
    }
    const head = await readAtLeast(upstream, SNIFF_BYTES);
    const contentType = await checkMediaContent(
      expected,
      response.headers.get('content-type'),
      head.subarray(0, SNIFF_BYTES),
    );
    const target = keyFor(key, contentType);
    let sizeBytes = 0;
    const counted = (bytes: number) => {
      sizeBytes += bytes;
    };
    // The store writes the file as it arrives and keeps nothing unless the whole of it came (and fitted).
    await deps.store.put(target, rejoined(head, upstream, counted), { maxBytes });
    return { key: target, contentType, sizeBytes, sourceUrl: link };
  } catch (error) {
    // Already finished when the failure was the download's own; cancelling then is a no-op.
    await upstream.cancel().catch(() => undefined);
    throw overAllowance(error);
  }
}

/**
 * Reads chunks until at least `bytes` have come (or the body ended): the sniffer's bytes, without waiting for
 * the rest of a large file. Whole chunks are kept, so what is answered may be longer than asked.
 */
async function readAtLeast(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  bytes: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < bytes) {
    const next = await reader.read();
    if (next.done) break;
    chunks.push(next.value);
    total += next.value.byteLength;
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}

/**
 * The whole file again as one stream: the head already read for the sniffer, then the rest as it arrives,
 * reporting each piece's size as it passes. A cancel (the store giving up) cancels the download.
 */
function rejoined(
  head: Uint8Array,
  rest: ReadableStreamDefaultReader<Uint8Array>,
  onBytes: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  let headSent = head.byteLength === 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next: ReadableStreamReadResult<Uint8Array> = headSent
          ? await rest.read()
          : { done: false, value: head };
        headSent = true;
        if (next.done) return controller.close();
        onBytes(next.value.byteLength);
        controller.enqueue(next.value);
      },
      cancel: (reason) => rest.cancel(reason),
    },
    // Nothing is read ahead of the store.
    { highWaterMark: 0 },
  );
}

/** An http(s) link elsewhere than the app itself; anything else (data:, file:, our own paths) is refused. */
function remoteUrlOf(link: string, appUrl: URL): URL {
  const refuse = () =>
    new AppError('bad_request', say('server.media.giveLinkOrOutput'), {
      fields: { media_url: sharedText('shared.generation.httpLink') },
    });
  if (link.startsWith('/')) throw refuse();
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    throw refuse();
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refuse();
  // Lumara's own pages and API are not a file source: fetching ourselves would only go round in a circle.
  if (parsed.origin === appUrl.origin) throw refuse();
  return parsed;
}

function keyFor(key: ImportKey, contentType: string): string {
  return typeof key === 'string' ? key : key(contentType);
}

/** The first bytes of a stored file, enough for the sniffer. */
async function readHead(store: MediaStore, key: string): Promise<Uint8Array> {
  const stream = await store.read(key, { start: 0, end: SNIFF_BYTES - 1 });
  if (!stream) return new Uint8Array();
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', say('server.media.fileTooLarge', { bytes: maxBytes }));
}
