import { AppError } from '#server/lib/errors.ts';
import type { MediaType } from '#shared/media.ts';

/**
 * What the media store accepts, per media type, and how a file proves it is what it claims: the declared
 * Content-Type must be one of ours and the first bytes must carry that format's signature (security-reliability
 * A1 "Files / URLs": magic bytes). Nothing that a browser could run as a page (HTML, SVG, XML) is ever stored,
 * so a stored file served from our origin can only be a picture, a film or a sound.
 */

/** Container signatures the sniffer recognises. */
type Signature =
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
export function checkMediaContent(
  expected: MediaType,
  declaredHeader: string | null | undefined,
  head: Uint8Array,
): string {
  const declared = normalizeContentType(declaredHeader);
  const signature = sniffSignature(head);
  if (UNDECLARED.has(declared)) {
    const sniffed = signature ? contentTypeOfSignature(signature, expected) : null;
    if (!sniffed) throw unsupported(expected, 'its bytes are not a format Lumara keeps');
    return sniffed;
  }
  const accepted = ACCEPTED[declared];
  if (!accepted || accepted.mediaType !== expected) {
    throw unsupported(expected, `it is ${declared}`);
  }
  if (!signature || !accepted.signatures.includes(signature)) {
    throw unsupported(expected, `it says ${declared} but its bytes are not`);
  }
  return declared;
}

function unsupported(expected: MediaType, why: string): AppError {
  const kinds = Object.entries(ACCEPTED)
    .filter(([, accepted]) => accepted.mediaType === expected)
    .map(([type]) => type.split('/')[1]?.toUpperCase())
    .join(', ');
  return new AppError(
    'unsupported_media_type',
    `That file is not a supported ${expected} (${why}); Lumara keeps ${kinds}`,
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

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function isQuickTimeBrand(head: Uint8Array): boolean {
  return ascii(head, 4, 4) === 'ftyp' && ascii(head, 8, 4) === 'qt  ';
}

/** The container a file's first bytes announce, or null when they announce none we store. */
export function sniffSignature(head: Uint8Array): Signature | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (ascii(head, 4, 4) === 'ftyp') return isQuickTimeBrand(head) ? 'quicktime' : 'iso-bmff';
  // Older QuickTime files start with a movie or data atom instead of a file-type box.
  if (['moov', 'mdat', 'wide', 'free', 'pnot'].includes(ascii(head, 4, 4))) return 'quicktime';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (ascii(head, 0, 4) === 'OggS') return 'ogg';
  if (ascii(head, 0, 4) === 'fLaC') return 'flac';
  if (ascii(head, 0, 3) === 'ID3' || isMpegAudioFrame(head)) return 'mpeg-audio';
  return null;
}

/**
 * An MPEG audio frame header: eleven sync bits, then a version and a layer that are not the reserved values.
 * ADTS (raw AAC) shares the sync bits but has layer 00, so it is not taken for an MP3.
 */
function isMpegAudioFrame(head: Uint8Array): boolean {
  const first = head[0];
  const second = head[1];
  if (first !== 0xff || second === undefined || (second & 0xe0) !== 0xe0) return false;
  const version = (second >> 3) & 0b11;
  const layer = (second >> 1) & 0b11;
  return version !== 0b01 && layer !== 0b00;
}
