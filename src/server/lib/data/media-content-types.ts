import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '#server/lib/http/errors.ts';
import type { MediaType } from '#shared/media.ts';
import type { Localized } from '#shared/texts.ts';
import { say } from '../http/request-language.ts';

/**
 * What the media store accepts, per media type, and how a file proves it is what it claims: the
 * declared Content-Type must be one of ours and the first bytes must carry that format's signature
 * (magic bytes, read by the `file-type` library, decision 0020).
 * Nothing that a browser could run as a page (HTML, SVG, XML) is ever stored, so a stored file served from
 * our origin can only be a picture, a film or a sound.
 */

/** The containers Lumara keeps, as the sniffer names them. */
export type Signature =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'iso-bmff'
  | 'quicktime'
  | 'ebml'
  | 'ogg'
  | 'wav'
  | 'flac'
  | 'mpeg-audio';

type AcceptedType = { mediaType: MediaType; extensions: readonly string[]; signatures: readonly Signature[] };

/** Each accepted Content-Type: its media type, its file extensions (the first is ours) and the signatures it may carry. */
const ACCEPTED: Readonly<Record<string, AcceptedType>> = {
  'image/png': { mediaType: 'image', extensions: ['png'], signatures: ['png'] },
  'image/jpeg': { mediaType: 'image', extensions: ['jpg', 'jpeg'], signatures: ['jpeg'] },
  'image/webp': { mediaType: 'image', extensions: ['webp'], signatures: ['webp'] },
  'image/gif': { mediaType: 'image', extensions: ['gif'], signatures: ['gif'] },
  // An .mp4 and a .mov are both ISO base media files; which brand a provider writes is not ours to judge.
  'video/mp4': { mediaType: 'video', extensions: ['mp4', 'm4v'], signatures: ['iso-bmff', 'quicktime'] },
  'video/webm': { mediaType: 'video', extensions: ['webm'], signatures: ['ebml'] },
  'video/quicktime': { mediaType: 'video', extensions: ['mov'], signatures: ['quicktime', 'iso-bmff'] },
  'audio/mpeg': { mediaType: 'audio', extensions: ['mp3'], signatures: ['mpeg-audio'] },
  'audio/mp4': { mediaType: 'audio', extensions: ['m4a', 'mp4'], signatures: ['iso-bmff'] },
  'audio/wav': { mediaType: 'audio', extensions: ['wav'], signatures: ['wav'] },
  'audio/ogg': { mediaType: 'audio', extensions: ['ogg', 'oga', 'opus'], signatures: ['ogg'] },
  'audio/webm': { mediaType: 'audio', extensions: ['weba', 'webm'], signatures: ['ebml'] },
  'audio/flac': { mediaType: 'audio', extensions: ['flac'], signatures: ['flac'] },
};

/** Every type a stored file can have: what it is served as (`checkMediaContent` stores only these). */
export const STORED_CONTENT_TYPES = Object.keys(ACCEPTED);

/** Other names servers use for the same formats. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-flac': 'audio/flac',
  'audio/opus': 'audio/ogg',
};

/** Declared types that say nothing about the format: the bytes alone decide. */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** How many leading bytes the sniffer needs. */
export const SNIFF_BYTES = 64;

/** The canonical form of a Content-Type header: lower case, no parameters, aliases resolved. */
export function normalizeContentType(header: string | null | undefined): string {
  const bare = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return ALIASES[bare] ?? bare;
}

/** The media type a stored content type belongs to, or null for one we do not store. */
export function mediaTypeOfContentType(contentType: string): MediaType | null {
  return ACCEPTED[normalizeContentType(contentType)]?.mediaType ?? null;
}

/** Our file extension for an accepted content type (`png`, `mp4`, ...). */
export function extensionOf(contentType: string): string {
  return ACCEPTED[normalizeContentType(contentType)]?.extensions[0] ?? 'bin';
}

/** Whether a file name's extension fits the stored file's media type (a `.jpg` named `.png` stays an image). */
export function extensionFitsMediaType(extension: string, mediaType: MediaType): boolean {
  const wanted = extension.toLowerCase();
  return Object.values(ACCEPTED).some(
    (accepted) => accepted.mediaType === mediaType && accepted.extensions.includes(wanted),
  );
}

/**
 * The content type to store a file under: the declared type when it is one of `expected`'s and the bytes carry
 * its signature; the sniffed format when nothing useful was declared. Anything else is 415.
 */
export async function checkMediaContent(
  expected: MediaType,
  declaredHeader: string | null | undefined,
  head: Uint8Array,
): Promise<string> {
  const declared = normalizeContentType(declaredHeader);
  const signature = await sniffSignature(head);
  if (UNDECLARED.has(declared)) {
    const sniffed = signature ? contentTypeOfSignature(signature, expected) : null;
    if (!sniffed) throw unsupported(expected, say('server.media.notAKeptFormat'));
    return sniffed;
  }
  const accepted = ACCEPTED[declared];
  if (!accepted || accepted.mediaType !== expected) {
    throw unsupported(expected, say('server.media.declaredAs', { type: declared }));
  }
  if (!signature || !accepted.signatures.includes(signature)) {
    throw unsupported(expected, say('server.media.bytesAreNot', { type: declared }));
  }
  return declared;
}

function unsupported(expected: MediaType, why: Localized): AppError {
  const kinds = Object.entries(ACCEPTED)
    .filter(([, accepted]) => accepted.mediaType === expected)
    .map(([type]) => type.split('/')[1]?.toUpperCase())
    .join(', ');
  return new AppError(
    'unsupported_media_type',
    say('server.media.unsupported', { kind: expected, why, kinds }),
  );
}

/**
 * The content type a bare signature stands for, given the media type the member said it is: the type whose own
 * signature it is first (a QuickTime file is video/quicktime, not video/mp4), else any type that accepts it.
 */
function contentTypeOfSignature(signature: Signature, expected: MediaType): string | null {
  const candidates = Object.entries(ACCEPTED).filter(
    ([, accepted]) => accepted.mediaType === expected && accepted.signatures.includes(signature),
  );
  const own = candidates.find(([, accepted]) => accepted.signatures[0] === signature);
  return (own ?? candidates[0])?.[0] ?? null;
}

/**
 * What `file-type` answers (its `ext`) for the formats we keep, as our container names. Several answers
 * are one container: every brand of an ISO base media `ftyp` box is 'iso-bmff' (the box is the signature;
 * which brand a provider writes is not ours to judge), every Ogg codec is 'ogg', WebM and Matroska are both
 * 'ebml', APNG is a PNG, JPEG-LS starts as a JPEG does, and MPEG audio layers 1 to 3 are all `audio/mpeg`.
 */
const SIGNATURE_OF_FILE_TYPE: Readonly<Record<string, Signature>> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  jls: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  wav: 'wav',
  mov: 'quicktime',
  ...Object.fromEntries(
    ['mp4', 'm4v', 'm4p', 'm4a', 'm4b', 'f4v', 'f4p', 'f4a', 'f4b', '3gp', '3g2', 'avif', 'heic', 'cr3'].map(
      (ext) => [ext, 'iso-bmff' as const],
    ),
  ),
  webm: 'ebml',
  mkv: 'ebml',
  ...Object.fromEntries(
    ['ogg', 'oga', 'opus', 'ogv', 'ogm', 'spx', 'ogx'].map((ext) => [ext, 'ogg' as const]),
  ),
  flac: 'flac',
  mp3: 'mpeg-audio',
  mp2: 'mpeg-audio',
  mp1: 'mpeg-audio',
};

/**
 * Fallback, kept by hand on purpose: containers whose opening bytes alone say what they are, but which
 * `file-type` reads past before it answers (PNG's first chunk, the Ogg codec header at byte 28, the EBML
 * DocType, the ID3 tag's length and what follows the tag) or does not know (QuickTime's `pnot` preview atom,
 * an `ftyp` box with an unprintable brand). When the head ends first (a short file) or the inside is one it
 * does not name, these still decide, as they did before `file-type`. Each is [offset, bytes].
 */
const CONTAINER_SIGNATURES: ReadonlyArray<readonly [Signature, number, string]> = [
  ['png', 0, '\x89PNG\r\n\x1a\n'],
  ['ogg', 0, 'OggS'],
  ['ebml', 0, '\x1aE\xdf\xa3'],
  ['mpeg-audio', 0, 'ID3'],
  ['quicktime', 4, 'pnot'],
  ['iso-bmff', 4, 'ftyp'],
];

/** The container a file's first bytes announce, or null when they announce none we store. */
export async function sniffSignature(head: Uint8Array): Promise<Signature | null> {
  const detected = await fileTypeFromBuffer(head);
  const signature = detected && SIGNATURE_OF_FILE_TYPE[detected.ext];
  if (signature) return signature;
  const found = CONTAINER_SIGNATURES.find(([, offset, bytes]) =>
    Array.from(bytes).every((char, index) => head[offset + index] === char.charCodeAt(0)),
  );
  return found?.[0] ?? null;
}
