import { encodeExtended } from 'content-disposition';
import { extensionFitsMediaType, extensionOf } from '#server/lib/data/media-content-types.ts';
import { defaultDownloadName, type MediaType } from '#shared/media.ts';

/** Long enough for any title, short enough for every file system (255 bytes) once UTF-8 encoded. */
export const DOWNLOAD_NAME_MAX_CHARACTERS = 120;

// Path separators, quotes, characters Windows refuses, control characters (C0 and C1), and the bidirectional
// marks and overrides that can make a name ending in `gnp.exe` display as one ending in `exe.png`.
const UNSAFE_CHARACTERS = /[\\/"'<>:|?*\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The file name a download is saved under: the member's wish made safe (no path, controls, quotes or
 * direction tricks; bounded length) with an extension that fits the file (`.png` kept for an image, `.mp4`
 * added to a video called "sunset"), or 'generated-media' with .png, .mp4 or .mp3 when none.
 */
export function downloadFilename(
  requested: string | undefined,
  mediaType: MediaType,
  contentType: string,
): string {
  // A path names its last part: `../../etc/passwd` is `passwd`, `C:\a\cat.gif` is `cat.gif`.
  const cleaned = (requested ?? '')
    .split(/[\\/]/)
    .at(-1)
    ?.normalize('NFC')
    .replace(UNSAFE_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    // A leading dot hides the file; trailing dots and spaces are dropped by Windows anyway.
    .replace(/^[\s.]+|(?<![\s.])[\s.]+$/g, '');
  const name = cleaned || defaultDownloadName(mediaType);
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1];
  const fits = extension !== undefined && extensionFitsMediaType(extension, mediaType);
  const stem = fits ? name.slice(0, -(extension.length + 1)) : name;
  const suffix = `.${fits ? extension : extensionOf(contentType)}`;
  const room = DOWNLOAD_NAME_MAX_CHARACTERS - suffix.length;
  // By code points, so a cut never splits an emoji's surrogate pair.
  const boundedStem = Array.from(stem).slice(0, room).join('').trim() || 'generated-media';
  return `${boundedStem}${suffix}`;
}

/**
 * `attachment; filename="<ascii>"; filename*=UTF-8''<percent-encoded>` (RFC 6266): browsers that read
 * `filename*` get the real name, older ones an ASCII stand-in. The name is already safe (downloadFilename).
 * The RFC 8187 encoding is the `content-disposition` library's; the shape is ours, because the API contract
 * promises both parameters and a quoted stand-in for every name, where the library's `create()` sends a bare
 * token and no `filename*` for a plain ASCII one. The stand-in swaps `%` too, so no browser decodes a `%41`.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|[%\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=${encodeExtended(filename)}`;
}
