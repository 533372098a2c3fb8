import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import yauzl from 'yauzl';
import { AppError } from '#server/lib/http/errors.ts';
import { requestLanguage, say } from '#server/lib/http/request-language.ts';
import {
  type ArchiveContents,
  type ArchiveKind,
  type ArchiveManifest,
  archiveKinds,
  EMPTY_ARCHIVE_PROFILE,
} from '#shared/account-archive.ts';
import { type Localized, verbatim } from '#shared/texts.ts';
import type { ArchiveReaderInput, FromArchiveReader, ToArchiveReader } from './archive-reader-protocol.ts';

/** An archive opened for import: its documents read and checked, its files still in the zip until asked for. */
export type OpenedArchive = {
  manifest: ArchiveManifest;
  contents: ArchiveContents;
  /** The archive's files (`media/…`, `profile/…`) and their unpacked sizes. */
  files: ReadonlyMap<string, number>;
  /** A file's bytes, unpacked as they are read; refused past the size its entry declares. */
  openFile(path: string): Promise<Readable>;
  close(): void;
};

/**
 * The worker sits beside this module: `archive-reader-worker.ts` when the sources run, `.mjs` beside the bundled
 * server (scripts/build-server.ts).
 */
const WORKER_URL = new URL(
  `./archive-reader-worker${path.extname(fileURLToPath(import.meta.url))}`,
  import.meta.url,
);

/**
 * What a reader's thread may use: its documents are at most `ARCHIVE_LIMITS.documentBytesMax` each and held one
 * at a time, which takes a fraction of this; a document built to take more ends the thread, answered as an
 * archive too large to read.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
/** A reader still busy after this long is stopped: no archive within the limits takes near it. */
const READ_TIMEOUT_MS = 120_000;
/** An idle reader thread is ended after this long; the next import starts another. */
const IDLE_MS = 30_000;

const notAnArchive = (reason: Localized) =>
  new AppError('bad_request', say('server.archive.notAnArchive', { reason }));

type ReadDocuments = { manifest: ArchiveManifest; contents: ArchiveContents; files: Map<string, number> };

/**
 * Reads archives' documents in worker threads with their own memory limits (archive-reader-worker.ts: names,
 * sizes, schemas and references, all checked there), one archive per thread at a time, and collects the checked
 * items each sends back, a few thousand per message so the main thread never decodes a large one at once. Idle
 * threads are kept a little for the next import (starting one costs more than reading a small archive), and
 * never keep the process alive.
 */
export type ArchiveReader = { read(input: ArchiveReaderInput): Promise<ReadDocuments> };

export function createArchiveReader(): ArchiveReader {
  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  const acquire = (): Worker => {
    const kept = idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      return kept.worker;
    }
    const worker = new Worker(WORKER_URL, { resourceLimits: WORKER_LIMITS });
    worker.unref();
    return worker;
  };
  const release = (worker: Worker) => {
    const timer = setTimeout(() => {
      const at = idle.findIndex((kept) => kept.worker === worker);
      if (at !== -1) idle.splice(at, 1);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    idle.push({ worker, timer });
  };
  return {
    read(input) {
      const worker = acquire();
      const lists = Object.fromEntries(
        archiveKinds.filter((kind) => kind !== 'profile').map((kind) => [kind, [] as unknown[]]),
      ) as Record<Exclude<ArchiveKind, 'profile'>, unknown[]>;
      let profile: unknown = EMPTY_ARCHIVE_PROFILE;
      return new Promise<ReadDocuments>((resolve, reject) => {
        let settled = false;
        const settle = (outcome: () => void, reusable: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          if (reusable) release(worker);
          else void worker.terminate();
          outcome();
        };
        const timer = setTimeout(
          () => settle(() => reject(notAnArchive(say('server.archive.tookTooLong'))), false),
          READ_TIMEOUT_MS,
        );
        const onMessage = (message: FromArchiveReader) => {
          if (message.type === 'items') {
            const list = lists[message.kind as Exclude<ArchiveKind, 'profile'>];
            for (const item of message.items) list.push(item);
          } else if (message.type === 'profile') {
            profile = message.profile;
          } else if (message.type === 'refused') {
            // Worded by the worker in the request's language.
            settle(() => reject(new AppError(message.code, verbatim(message.message))), true);
          } else {
            const contents = { ...lists, profile } as ArchiveContents;
            settle(
              () => resolve({ manifest: message.manifest, contents, files: new Map(message.files) }),
              true,
            );
          }
        };
        const onError = (error: Error & { code?: string }) =>
          settle(
            () =>
              reject(
                error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                  ? notAnArchive(say('server.archive.tooLargeToRead'))
                  : error,
              ),
            false,
          );
        const onExit = () =>
          settle(() => reject(new Error('the archive reader stopped without an answer')), false);
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage({ ...input, language: requestLanguage() } satisfies ToArchiveReader);
      });
    },
  };
}

/**
 * Opens an uploaded archive (a file on disk: a zip is read from its end) and checks everything before anything is
 * written: only the names this format has (no path leaves the archive: yauzl refuses absolute and `..` paths, and
 * anything not `media/<id>.<ext>` or `profile/<name>.<ext>` is refused), no name twice, every entry within its
 * size limit (a media file within `fileBytesMax`, the server's `MEDIA_MAX_BYTES`) and all of them within the
 * totals (declared sizes are held to: yauzl stops an entry that unpacks to more than it declared, so a zip bomb
 * ends at the limit), the manifest's format and version, each document against its schema, every reference
 * present and each file named once. Any failure is a 400 with the reason. The documents are read off the main
 * thread; the files are read from here, only when the import copies them.
 */
export async function openAccountArchive(
  reader: ArchiveReader,
  file: string,
  fileBytesMax: number,
): Promise<OpenedArchive> {
  const { manifest, contents, files } = await reader.read({ file, fileBytesMax });
  const zip = await yauzl.openPromise(file, {
    autoClose: false,
    lazyEntries: true,
    validateEntrySizes: true,
    strictFileNames: true,
  });
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) {
      if (files.has(entry.fileName)) entries.set(entry.fileName, entry);
    }
    return {
      manifest,
      contents,
      files,
      async openFile(path) {
        const entry = entries.get(path);
        if (!entry) throw notAnArchive(say('server.archive.fileMissing', { file: path }));
        return zip.openReadStreamPromise(entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
