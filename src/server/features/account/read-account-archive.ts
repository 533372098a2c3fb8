import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { z } from 'zod';
import { AppError } from '#server/lib/errors.ts';
import {
  ARCHIVE_LIMITS,
  type ArchiveContents,
  type ArchiveManifest,
  archiveDocuments,
  archiveFilePathSchema,
  archiveKinds,
  archiveManifestSchema,
} from '#shared/account-archive.ts';

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

const refuse = (message: string) =>
  new AppError('bad_request', `This is not a Lumara archive we can import: ${message}`);

const DOCUMENT_NAMES = new Set([
  'README.md',
  'manifest.json',
  ...archiveKinds.map((kind) => archiveDocuments[kind].file),
]);

async function readWhole(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > limit) {
      stream.destroy();
      throw refuse('a document is larger than it may be');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseDocument<S extends z.ZodType>(name: string, bytes: Buffer, schema: S): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refuse(`${name} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    throw refuse(`${name}${where ? ` at ${where}` : ''}: ${issue?.message ?? 'not as this format has it'}`);
  }
  return parsed.data;
}

/**
 * Opens an uploaded archive (a file on disk: a zip is read from its end) and checks everything before anything is
 * written: only the names this format has (no path leaves the archive: yauzl refuses absolute and `..` paths, and
 * anything not `media/<id>.<ext>` or `profile/<name>.<ext>` is refused here), no name twice, every entry within
 * its size limit and all of them within the total (declared sizes are held to: yauzl stops an entry that unpacks
 * to more than it declared, so a zip bomb ends at the limit), the manifest's format and version, and each document
 * against its schema. Any failure is a 400 with the reason.
 */
export async function openAccountArchive(file: string): Promise<OpenedArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      autoClose: false,
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (error) {
    throw refuse(error instanceof Error ? error.message : 'not a zip file');
  }
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.entriesMax) throw refuse('it has too many entries');
    const entries = new Map<string, yauzl.Entry>();
    let unpacked = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      if (entries.has(name)) throw refuse(`${name} is in it twice`);
      const isDocument = DOCUMENT_NAMES.has(name);
      if (!isDocument && !archiveFilePathSchema.safeParse(name).success)
        throw refuse(`${name} is not part of the format`);
      const limit = isDocument ? ARCHIVE_LIMITS.documentBytesMax : ARCHIVE_LIMITS.fileBytesMax;
      if (entry.uncompressedSize > limit) throw refuse(`${name} is larger than it may be`);
      unpacked += entry.uncompressedSize;
      if (unpacked > ARCHIVE_LIMITS.unpackedBytesMax) throw refuse('it unpacks to more than an archive may');
      entries.set(name, entry);
    }

    const readDocument = async (name: string): Promise<Buffer> => {
      const entry = entries.get(name);
      if (!entry) throw refuse(`${name} is missing`);
      return readWhole(await zip.openReadStreamPromise(entry), ARCHIVE_LIMITS.documentBytesMax);
    };
    const manifest = parseDocument(
      'manifest.json',
      await readDocument('manifest.json'),
      archiveManifestSchema,
    );
    const contents = {} as Record<string, unknown>;
    for (const kind of archiveKinds) {
      const { file: name, schema } = archiveDocuments[kind];
      contents[kind] = parseDocument(name, await readDocument(name), schema);
    }

    const files = new Map(
      [...entries]
        .filter(([name]) => !DOCUMENT_NAMES.has(name))
        .map(([name, entry]) => [name, entry.uncompressedSize]),
    );
    return {
      manifest,
      contents: contents as ArchiveContents,
      files,
      async openFile(path) {
        const entry = entries.get(path);
        if (!entry) throw refuse(`${path} is named but not in the archive`);
        return zip.openReadStreamPromise(entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    if (error instanceof AppError) throw error;
    throw refuse(error instanceof Error ? error.message : 'it could not be read');
  }
}
