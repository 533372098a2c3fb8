import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { ARCHIVE_LIMITS } from '#shared/account-archive.ts';

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    say('server.archive.tooLarge', { gb: ARCHIVE_LIMITS.archiveBytesMax / 1024 / 1024 / 1024 }),
  );

/** The folder of `uploadsDir` each received archive gets a folder in. */
const IMPORTS_FOLDER = 'imports';

/**
 * Writes an uploaded archive to a file of its own under `uploadsDir` (on the data volume, beside the store, not
 * in the system's temporary folder, which is often small and in memory), as it arrives (a zip is read from its
 * end, so it cannot be read as a stream), refusing it past the size limit without reading further. Runs `use` on
 * the file and removes it afterwards, whatever happens.
 */
export async function withReceivedArchive<T>(
  uploadsDir: string,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | undefined,
  use: (file: string) => Promise<T>,
): Promise<T> {
  if (!body) throw new AppError('bad_request', say('server.archive.sendZip'));
  if (declaredLength !== undefined && Number(declaredLength) > ARCHIVE_LIMITS.archiveBytesMax)
    throw tooLarge();
  const parent = path.join(uploadsDir, IMPORTS_FOLDER);
  await mkdir(parent, { recursive: true });
  const folder = await mkdtemp(path.join(parent, 'import-'));
  const file = path.join(folder, 'archive.zip');
  try {
    let received = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(received > ARCHIVE_LIMITS.archiveBytesMax ? tooLarge() : null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), capped, createWriteStream(file));
    if (received === 0) throw new AppError('bad_request', say('server.archive.sendZip'));
    return await use(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Removes what imports cut short by a stopped server left under `uploadsDir`: every import's folder older than
 * `before` (an import lasts minutes; a folder hours old belongs to none).
 */
export async function removeLeftoverUploads(uploadsDir: string, before: Date): Promise<void> {
  const parent = path.join(uploadsDir, IMPORTS_FOLDER);
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    const folder = path.join(parent, name);
    const info = await stat(folder).catch(() => null);
    if (info && info.mtime.getTime() < before.getTime()) await rm(folder, { recursive: true, force: true });
  }
}
