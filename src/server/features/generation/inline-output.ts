/**
 * Output that a provider sends inline (OpenRouter's `data:image/png;base64,…`) rather than as a link. Only the
 * four image formats browsers show safely are taken, and only when the bytes really are that format (the magic
 * number decides, not the label), so nothing else is ever served from Lumara's origin.
 */
export type InlineImage = { bytes: Uint8Array; contentType: string; extension: string };

const formats = [
  { contentType: 'image/png', extension: 'png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  { contentType: 'image/jpeg', extension: 'jpg', magic: [[0xff, 0xd8, 0xff]] },
  {
    contentType: 'image/gif',
    extension: 'gif',
    magic: [
      [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
      [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
    ],
  },
] as const;

/** The content types an inline output is stored (and served) as. */
export const inlineImageContentTypes = [
  ...formats.map((format) => format.contentType),
  'image/webp',
] as const;

/** What a data URI may say it holds (`image/jpg` is a common misspelling of JPEG). */
const declaredTypes = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif']);

const dataUriPattern = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,/i;

export class InlineOutputError extends Error {}

export function isDataUri(url: string): boolean {
  return url.slice(0, 5).toLowerCase() === 'data:';
}

/** Decodes a base64 data URI holding a PNG, JPEG, WebP or GIF of at most `maxBytes`; throws InlineOutputError. */
export function decodeInlineImage(uri: string, maxBytes: number): InlineImage {
  const header = dataUriPattern.exec(uri.slice(0, 200));
  if (!header) throw new InlineOutputError('sent an image Lumara could not read');
  if (!declaredTypes.has(header[1]?.toLowerCase() ?? '')) {
    throw new InlineOutputError('sent a file that is not a PNG, JPEG, WebP or GIF image');
  }
  const payload = uri.slice(header[0].length);
  // Base64 is 4 characters for 3 bytes: refuse an oversized image before decoding it.
  if (Math.floor((payload.length * 3) / 4) > maxBytes + 2) {
    throw new InlineOutputError('sent an image larger than Lumara accepts');
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload))
    throw new InlineOutputError('sent an image Lumara could not read');
  const bytes = new Uint8Array(Buffer.from(payload, 'base64'));
  if (bytes.byteLength === 0) throw new InlineOutputError('sent an empty image');
  if (bytes.byteLength > maxBytes) throw new InlineOutputError('sent an image larger than Lumara accepts');
  const format = sniffImage(bytes);
  if (!format) throw new InlineOutputError('sent a file that is not a PNG, JPEG, WebP or GIF image');
  return { bytes, ...format };
}

function sniffImage(bytes: Uint8Array): { contentType: string; extension: string } | null {
  for (const format of formats) {
    if (format.magic.some((magic) => magic.every((byte, index) => bytes[index] === byte))) {
      return { contentType: format.contentType, extension: format.extension };
    }
  }
  // WebP: "RIFF" <size> "WEBP".
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.byteLength >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return null;
}
