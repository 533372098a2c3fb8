import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '../http/request-language.ts';

/**
 * Lumara's own copies of media files: generated outputs,
 * gallery items, avatars and wallpapers. Provider URLs expire, so anything worth keeping is copied here. Keys
 * are relative paths the server makes (`media/<user>/<uuid>.png`, `jobs/<jobId>/0.png`), never a member's
 * text. Two implementations: a directory (`MEDIA_DIR`, the default) and an S3-compatible bucket
 * (`s3-media-store.ts`), so that several servers can share one store.
 */
export type MediaStore = {
  /**
   * Writes the whole file; a reader never sees half of it (the directory writes aside and renames into place; a
   * bucket shows an object only once its upload completes). A stream is written as it arrives, so a video never
   * has to be held in memory whole. A body over `maxBytes` is refused with a 413 `AppError` and leaves nothing
   * behind (an earlier file at the key is kept as it was).
   */
  put(key: string, body: MediaBody, options?: { maxBytes?: number }): Promise<void>;
  /** The file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The bytes from `start` to `end` inclusive (the whole file by default), or null when there is none. */
  read(key: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>;
  /** Copies a stored file to a new key (a job output saved into the gallery). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes a file; a missing one is already removed. */
  remove(key: string): Promise<void>;
  /** Removes every file under a prefix (`jobs/<jobId>/`). */
  removeAll(prefix: string): Promise<void>;
  /**
   * The files under a prefix (`media/`), a page at a time, each with when it was last written: what the sweep of
   * files no row names goes over (stored-file-sweep.ts). A file being written is not listed.
   */
  list(prefix: string): AsyncIterable<StoredFileInfo[]>;
};

export type StoredFileInfo = { key: string; modifiedAt: Date };

/** Files `list` answers per page. */
export const LIST_PAGE = 500;

/** What `put` takes: bytes already in hand, or a stream read once, as it arrives. */
export type MediaBody = Uint8Array | ReadableStream<Uint8Array>;

/** Keys are lower-case path segments of letters, digits, `-`, `_` and `.`; no segment may be `.` or `..`. */
const keyPattern = /^[a-z0-9_-][a-z0-9_.-]*(\/[a-z0-9_-][a-z0-9_.-]*)*$/;

export function isMediaKey(key: string): boolean {
  return key.length <= 300 && keyPattern.test(key);
}

export function createFileMediaStore(dir: string): MediaStore {
  const root = path.resolve(dir);

  function fileOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`not a media store key: ${JSON.stringify(key)}`);
    const file = path.resolve(root, key);
    // The pattern already rules out `..`; this keeps the promise even if the pattern changes.
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`media key escapes the store: ${key}`);
    return file;
  }

  async function writeAside(file: string, write: (temporary: string) => Promise<void>) {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      await write(temporary);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async put(key, body, options) {
      const file = fileOf(key);
      const maxBytes = options?.maxBytes ?? Number.POSITIVE_INFINITY;
      if (body instanceof Uint8Array && body.byteLength > maxBytes) throw mediaTooLarge(maxBytes);
      await writeAside(file, async (temporary) => {
        const handle = await open(temporary, 'wx');
        try {
          if (body instanceof Uint8Array) await handle.writeFile(body);
          else for await (const chunk of cappedChunks(body, maxBytes)) await handle.write(chunk);
          await handle.sync();
        } finally {
          await handle.close();
        }
      });
    },
    async size(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async copy(fromKey, toKey) {
      const to = fileOf(toKey);
      await writeAside(to, (temporary) => copyFile(fileOf(fromKey), temporary));
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async removeAll(prefix) {
      const trimmed = withoutTrailingSlashes(prefix);
      await rm(fileOf(trimmed), { recursive: true, force: true });
    },
    async *list(prefix) {
      const folder = fileOf(withoutTrailingSlashes(prefix));
      let names: string[];
      try {
        names = await readdir(folder, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      let page: StoredFileInfo[] = [];
      for (const name of names) {
        // A file being written is still `<name>.<pid>.<time>.part` (writeAside): not a stored file yet.
        if (name.endsWith('.part')) continue;
        const file = path.join(folder, name);
        const info = await stat(file).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (!info?.isFile()) continue;
        page.push({ key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: info.mtime });
        if (page.length === LIST_PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}

/** The refusal of a file over the cap: the same words `POST /api/media` uses for a link that is too big. */
export function mediaTooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', say('server.media.fileTooLarge', { bytes: maxBytes }));
}

/**
 * The chunks of a stream, refused with `mediaTooLarge` as soon as they add up to more than `maxBytes` (the cap
 * holds however the sender lies about its length). Stopping early, for whatever reason, cancels the stream so
 * its source (a download, a request body) is let go rather than left half read.
 */
export async function* cappedChunks(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = body.getReader();
  let finished = false;
  let total = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      total += value.byteLength;
      if (total > maxBytes) throw mediaTooLarge(maxBytes);
      yield value;
    }
  } finally {
    // A stream that already failed rejects the cancel too; there is nothing more to let go of then.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}
