import { type Signature, sniffSignature } from '#server/lib/data/media-content-types.ts';

/**
 * Output that a provider sends inline (OpenRouter's `data:image/png;base64,…`) rather than as a link. Only the
 * four image formats browsers show safely are taken, and only when the bytes really are that format (the one
 * sniffer of stored media reads them; the label does not decide), so nothing else is ever served from Lumara's
 * origin.
 */
export type InlineImage = { bytes: Uint8Array; contentType: string; extension: string };

/** The four image formats taken, by the container the sniffer finds. */
const formats: Partial<Record<Signature, { contentType: string; extension: string }>> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

/** The content types an inline output is stored (and served) as. */
export const inlineImageContentTypes = Object.values(formats).map((format) => format.contentType);

/** What a data URI may say it holds (`image/jpg` is a common misspelling of JPEG). */
const declaredTypes = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/webp', 'image/gif']);

const dataUriPattern = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,/i;

export class InlineOutputError extends Error {}

export function isDataUri(url: string): boolean {
  return url.slice(0, 5).toLowerCase() === 'data:';
}

/** Decodes a base64 data URI holding a PNG, JPEG, WebP or GIF of at most `maxBytes`; throws InlineOutputError. */
export async function decodeInlineImage(uri: string, maxBytes: number): Promise<InlineImage> {
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
  const format = await sniffImage(bytes);
  if (!format) throw new InlineOutputError('sent a file that is not a PNG, JPEG, WebP or GIF image');
  return { bytes, ...format };
}

async function sniffImage(bytes: Uint8Array): Promise<{ contentType: string; extension: string } | null> {
  const signature = await sniffSignature(bytes);
  return (signature && formats[signature]) ?? null;
}
