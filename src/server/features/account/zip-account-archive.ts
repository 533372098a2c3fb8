import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import yazl from 'yazl';
import type { MediaStore } from '#server/lib/infra/media-store.ts';
import {
  ARCHIVE_LIMITS,
  type ArchiveContents,
  archiveDocuments,
  archiveListKinds,
  archivePartFile,
} from '#shared/account-archive.ts';
import { archiveReadme } from './archive-readme.ts';
import type { AccountArchive } from './collect-account-archive.ts';

/**
 * A list as the JSON text of its documents: one, or as many parts as keep each near `partBytesTarget`, so that no
 * document is larger than an import reads (`ARCHIVE_LIMITS.documentBytesMax`) however much of a kind a member
 * has. Written as `JSON.stringify(list, null, 2)` writes one list.
 */
function partsOf(items: ArchiveContents[(typeof archiveListKinds)[number]]): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let size = 0;
  const close = () => {
    parts.push(current.length === 0 ? '[]\n' : `[\n${current.join(',\n')}\n]\n`);
    current = [];
    size = 0;
  };
  for (const item of items) {
    const written = `  ${JSON.stringify(item, null, 2).replaceAll('\n', '\n  ')}`;
    const bytes = Buffer.byteLength(written) + 2;
    if (current.length > 0 && size + bytes > ARCHIVE_LIMITS.partBytesTarget) close();
    current.push(written);
    size += bytes;
  }
  if (current.length > 0 || parts.length === 0) close();
  return parts;
}

/**
 * Writes the archive as a zip while it is sent: the JSON documents are in memory (rows), each file is opened only
 * when the zip reaches it and streamed from the store, so memory stays flat whatever the gallery weighs. Nothing
 * is compressed: a zip of stored entries has a size known before the first byte (yazl computes it), which the
 * answer sends as `Content-Length` so the browser's download shows real progress; the files are pictures, films
 * and sounds, already compressed.
 */
export function zipAccountArchive(
  archive: AccountArchive,
  store: MediaStore,
): Promise<{ size: number; body: ReadableStream<Uint8Array> }> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(archive.manifest.exported_at);
  const stored = { compress: false, mtime };
  const text = (value: string) => Buffer.from(value, 'utf8');

  zip.addBuffer(text(archiveReadme(archive.manifest.exported_at)), 'README.md', stored);
  zip.addBuffer(text(`${JSON.stringify(archive.manifest, null, 2)}\n`), 'manifest.json', stored);
  zip.addBuffer(
    text(`${JSON.stringify(archive.contents.profile, null, 2)}\n`),
    archiveDocuments.profile.file,
    stored,
  );
  for (const kind of archiveListKinds) {
    for (const [index, part] of partsOf(archive.contents[kind]).entries()) {
      zip.addBuffer(text(part), archivePartFile(kind, index + 1), stored);
    }
  }
  for (const file of archive.files) {
    zip.addReadStreamLazy(file.path, { ...stored, size: file.size }, (done) => {
      store.read(file.key).then(
        (stream) =>
          stream
            ? done(null, Readable.fromWeb(stream as NodeReadableStream<Uint8Array>))
            : done(new Error(`the stored file ${file.key} went away during the export`), Readable.from([])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }

  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return new Promise((resolve) => {
    // The callback's argument is the zip's final size (yazl 3; its types omit it): every entry's size is known.
    const end = zip.end.bind(zip) as (options: object, sized: (size: number) => void) => void;
    end({}, (size) => resolve({ size, body: Readable.toWeb(output) as ReadableStream<Uint8Array> }));
  });
}
