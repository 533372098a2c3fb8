import type { ArchiveKind, ArchiveManifest } from '#shared/account-archive.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { Language } from '#shared/language.ts';

/** What the archive reader's worker is started with. */
export type ArchiveReaderInput = {
  /** The uploaded zip, on disk. */
  file: string;
  /** The largest media file the server stores (`MEDIA_MAX_BYTES`): a larger one refuses the archive at once. */
  fileBytesMax: number;
};

/** What the worker is sent: the input, and the language of the request it reads for, to word its refusals in. */
export type ToArchiveReader = ArchiveReaderInput & { language: Language };

/** What the worker sends back, in this order: documents (large ones in several parts), then the end. */
export type FromArchiveReader =
  | { type: 'items'; kind: ArchiveKind; items: unknown[] }
  | { type: 'profile'; profile: unknown }
  | { type: 'done'; manifest: ArchiveManifest; files: [path: string, size: number][] }
  | { type: 'refused'; code: ErrorCode; message: string };

/** Items sent back per message: each message is decoded on the main thread, so none is large. */
export const ITEMS_PER_MESSAGE = 2_000;
