/**
 * The archive reader's worker thread (read-account-archive.ts keeps a few, with memory limits, each reading one
 * archive at a time): reads an uploaded zip's directory and documents, parses and checks each document, and sends
 * the checked items back in small messages, then `done` or `refused`. Parsing and checking a document of several
 * MB takes the CPU for a while and the memory of several times its size; here neither stalls nor swells the
 * server's main thread, and a document built to exhaust memory ends this thread, not the server.
 */
import type { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import yauzl from 'yauzl';
import type { z } from 'zod';
import { findUnstorableText } from '#server/lib/data/storable-text.ts';
import { inLanguage, say } from '#server/lib/http/request-language.ts';
import {
  ARCHIVE_LIMITS,
  type ArchiveKind,
  archiveDocuments,
  archiveFilePathSchema,
  archiveListKinds,
  archiveManifestSchema,
  archivePartFile,
} from '#shared/account-archive.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { type Localized, verbatim } from '#shared/texts.ts';
import {
  type ArchiveReaderInput,
  type FromArchiveReader,
  ITEMS_PER_MESSAGE,
  type ToArchiveReader,
} from './archive-reader-protocol.ts';

class Refusal extends Error {
  declare readonly message: Localized;
  readonly code: ErrorCode;
  constructor(message: Localized, code: ErrorCode = 'bad_request') {
    super(message);
    this.code = code;
  }
}

// Worded here, in the language of the request the archive came with (`inLanguage` below).
const notAnArchive = (reason: Localized) => new Refusal(say('server.archive.notAnArchive', { reason }));
const cannotImport = (reason: Localized) => new Refusal(say('server.archive.cannotImport', { reason }));

/** The documents that are one object, each a few KB: held to a much lower limit than lists of items. */
const SMALL_DOCUMENTS = new Set(['README.md', 'manifest.json', archiveDocuments.profile.file]);
const documentLimitOf = (name: string) =>
  SMALL_DOCUMENTS.has(name) ? ARCHIVE_LIMITS.smallDocumentBytesMax : ARCHIVE_LIMITS.documentBytesMax;

/** Every document name the format has: the two of the archive, the profile, and each list's parts. */
const DOCUMENT_NAMES = new Set([
  'README.md',
  'manifest.json',
  archiveDocuments.profile.file,
  ...archiveListKinds.flatMap((kind) =>
    Array.from({ length: ARCHIVE_LIMITS.partsMax }, (_, index) => archivePartFile(kind, index + 1)),
  ),
]);

/** Kinds whose items carry an `id` other documents point at: unique within the kind. */
const KINDS_WITH_IDS = new Set<ArchiveKind>([
  'tasks',
  'pomodoro_sessions',
  'chat_threads',
  'media',
  'community_posts',
]);

function send(message: FromArchiveReader): void {
  parentPort?.postMessage(message);
}

async function readWhole(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > limit) {
      stream.destroy();
      throw notAnArchive(say('server.archive.documentTooLarge'));
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
    throw notAnArchive(say('server.archive.notJson', { name }));
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    // zod worded the issue as it parsed, in the request's language.
    const why = issue ? verbatim(issue.message) : say('server.archive.notAsFormat');
    throw notAnArchive(
      where
        ? say('server.archive.refusedAt', { where: `${name} at ${where}`, why })
        : say('server.archive.refusedIn', { name, why }),
    );
  }
  return parsed.data;
}

/** The entries of the zip, checked by name and size before any is read. */
async function listEntries(zip: yauzl.ZipFile, fileBytesMax: number): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > ARCHIVE_LIMITS.entriesMax) throw notAnArchive(say('server.archive.tooManyEntries'));
  const entries = new Map<string, yauzl.Entry>();
  let unpacked = 0;
  let documents = 0;
  for await (const entry of zip.eachEntry()) {
    const name = entry.fileName;
    if (name.endsWith('/')) continue;
    if (entries.has(name)) throw notAnArchive(say('server.archive.twice', { name }));
    const isDocument = DOCUMENT_NAMES.has(name);
    if (!isDocument && !archiveFilePathSchema.safeParse(name).success)
      throw notAnArchive(say('server.archive.notInFormat', { name }));
    const limit = isDocument ? documentLimitOf(name) : fileBytesMax;
    if (entry.uncompressedSize > limit) throw notAnArchive(say('server.archive.entryTooLarge', { name }));
    if (isDocument) documents += entry.uncompressedSize;
    if (documents > ARCHIVE_LIMITS.documentsBytesMax)
      throw notAnArchive(say('server.archive.documentsTooLarge'));
    unpacked += entry.uncompressedSize;
    if (unpacked > ARCHIVE_LIMITS.unpackedBytesMax) throw notAnArchive(say('server.archive.unpacksTooLarge'));
    entries.set(name, entry);
  }
  return entries;
}

/**
 * What one document says about the others, kept while the next are read: ids posts are known by, and archive
 * files already named (each file belongs to one item: two naming it would share one stored copy).
 */
type References = {
  idsOf: Map<ArchiveKind, Set<number>>;
  namedFiles: Set<string>;
  files: ReadonlySet<string>;
};

function checkReferences(kind: ArchiveKind, value: unknown, references: References): void {
  const name = (file: string | null) => {
    if (file === null) return;
    if (!references.files.has(file)) throw cannotImport(say('server.archive.fileMissing', { file }));
    if (references.namedFiles.has(file)) throw cannotImport(say('server.archive.fileNamedTwice', { file }));
    references.namedFiles.add(file);
  };
  if (kind === 'profile') {
    const profile = value as { avatar_file: string | null; wallpaper_file: string | null };
    name(profile.avatar_file);
    name(profile.wallpaper_file);
    return;
  }
  const items = value as { id?: number; post_id?: number | null; file?: string | null }[];
  if (KINDS_WITH_IDS.has(kind)) {
    const ids = references.idsOf.get(kind) ?? new Set<number>();
    for (const item of items) {
      if (item.id === undefined || ids.has(item.id))
        throw cannotImport(say('server.archive.sharedId', { kind }));
      ids.add(item.id);
    }
    references.idsOf.set(kind, ids);
  }
  if (kind === 'community_comments' || kind === 'community_likes') {
    const posts = references.idsOf.get('community_posts') ?? new Set<number>();
    for (const item of items) {
      if (item.post_id != null && !posts.has(item.post_id))
        throw cannotImport(say('server.archive.unknownPost', { kind }));
    }
  }
  if (kind === 'media') for (const item of items) name(item.file ?? null);
}

async function readArchive(input: ArchiveReaderInput): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(input.file, {
      autoClose: false,
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (error) {
    // yauzl's own words on what is wrong with the zip.
    throw notAnArchive(error instanceof Error ? verbatim(error.message) : say('server.archive.notAZip'));
  }
  try {
    const entries = await listEntries(zip, Math.min(input.fileBytesMax, ARCHIVE_LIMITS.fileBytesMax));
    const partsOf = (kind: (typeof archiveListKinds)[number]) => {
      const names = [archivePartFile(kind, 1)];
      while (entries.has(archivePartFile(kind, names.length + 1)))
        names.push(archivePartFile(kind, names.length + 1));
      return names;
    };
    // A part after a missing one would be left unread: refused, as any name out of its place.
    const inPlace = new Set([
      'README.md',
      'manifest.json',
      archiveDocuments.profile.file,
      ...archiveListKinds.flatMap(partsOf),
    ]);
    for (const name of entries.keys()) {
      if (DOCUMENT_NAMES.has(name) && !inPlace.has(name))
        throw notAnArchive(say('server.archive.partOutOfPlace', { name }));
    }
    const readDocument = async (name: string): Promise<Buffer> => {
      const entry = entries.get(name);
      if (!entry) throw notAnArchive(say('server.archive.documentMissing', { name }));
      return readWhole(await zip.openReadStreamPromise(entry), documentLimitOf(name));
    };
    const manifest = parseDocument(
      'manifest.json',
      await readDocument('manifest.json'),
      archiveManifestSchema,
    );
    const files = new Map(
      [...entries]
        .filter(([name]) => !DOCUMENT_NAMES.has(name))
        .map(([name, entry]) => [name, entry.uncompressedSize]),
    );
    const references: References = { idsOf: new Map(), namedFiles: new Set(), files: new Set(files.keys()) };
    // One document at a time: each is checked and sent before the next is read, so this thread holds one.
    const check = (kind: ArchiveKind, name: string, value: unknown) => {
      const unstorable = findUnstorableText(value);
      if (unstorable)
        throw new Refusal(
          say('server.archive.cannotImportAt', {
            where: `${name} at ${unstorable.field}`,
            why: unstorable.reason,
          }),
        );
      checkReferences(kind, value, references);
    };
    const profileFile = archiveDocuments.profile.file;
    const profile: unknown = parseDocument(
      profileFile,
      await readDocument(profileFile),
      archiveDocuments.profile.schema,
    );
    check('profile', profileFile, profile);
    send({ type: 'profile', profile });
    for (const kind of archiveListKinds) {
      let count = 0;
      for (const name of partsOf(kind)) {
        const items = parseDocument(
          name,
          await readDocument(name),
          archiveDocuments[kind].schema,
        ) as unknown[];
        count += items.length;
        if (count > ARCHIVE_LIMITS.itemsMax) throw notAnArchive(say('server.archive.tooManyItems', { kind }));
        check(kind, name, items);
        for (let start = 0; start < items.length; start += ITEMS_PER_MESSAGE) {
          send({ type: 'items', kind, items: items.slice(start, start + ITEMS_PER_MESSAGE) });
        }
      }
    }
    send({ type: 'done', manifest, files: [...files] });
  } finally {
    zip.close();
  }
}

parentPort?.on('message', (input: ToArchiveReader) => {
  inLanguage(input.language, () =>
    readArchive(input).catch((error: unknown) => {
      if (error instanceof Refusal) send({ type: 'refused', code: error.code, message: error.message });
      else
        send({
          type: 'refused',
          code: 'bad_request',
          message: notAnArchive(
            error instanceof Error ? verbatim(error.message) : say('server.archive.couldNotBeRead'),
          ).message,
        });
    }),
  );
});
