import { Readable } from 'node:stream';
import type { StoredArchiveFile } from '#server/lib/data/archive-adapter.ts';
import { checkMediaContent, SNIFF_BYTES } from '#server/lib/data/media-content-types.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import type { MediaType } from '#shared/media.ts';
import type { OpenedArchive } from './read-account-archive.ts';

/** The stream's first `count` bytes (fewer if it is shorter), and the whole stream again, those bytes first. */
async function peek(stream: Readable, count: number): Promise<{ head: Uint8Array; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  while (length < count) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = next.value as Buffer;
    taken.push(chunk);
    length += chunk.length;
  }
  async function* replay() {
    yield* taken;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value as Buffer;
  }
  return { head: Buffer.concat(taken).subarray(0, count), whole: Readable.from(replay()) };
}

/**
 * Reads just enough of a file of the archive to tell whether it is the picture, film or sound it says (what a
 * preview promises the import will accept); answers its content type, or throws the 415 an upload would get.
 */
export async function checkArchiveFile(
  archive: OpenedArchive,
  path: string,
  expected: MediaType,
  declared: string | null,
): Promise<string> {
  const { head, whole } = await peek(await archive.openFile(path), SNIFF_BYTES);
  whole.destroy();
  return checkMediaContent(expected, declared, head);
}

/**
 * Copies one file of the archive into the media store, as an upload would be: its bytes must be the picture, film
 * or sound the archive says (the same check as every stored file, `checkMediaContent`; a page or a script named
 * `.png` is 415), it is streamed, never held whole, and refused past `maxBytes` (the server's `MEDIA_MAX_BYTES`,
 * as for every saved file). `keyOf` names the new key from the checked content type; `onKey` hears it before
 * anything is written there, so a caller can remove what it wrote whatever happens next.
 */
export async function storeArchiveFile(
  store: MediaStore,
  archive: OpenedArchive,
  path: string,
  expected: MediaType,
  declared: string | null,
  keyOf: (contentType: string) => string,
  limits: { maxBytes: number; onKey(key: string): void },
): Promise<StoredArchiveFile> {
  const { head, whole } = await peek(await archive.openFile(path), SNIFF_BYTES);
  let contentType: string;
  try {
    contentType = await checkMediaContent(expected, declared, head);
  } catch (error) {
    whole.destroy();
    throw error;
  }
  const key = keyOf(contentType);
  limits.onKey(key);
  await store.put(key, Readable.toWeb(whole) as ReadableStream<Uint8Array>, { maxBytes: limits.maxBytes });
  return { key, contentType, size: (await store.size(key)) ?? 0 };
}
