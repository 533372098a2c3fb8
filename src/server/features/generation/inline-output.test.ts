import { describe, expect, it } from 'vitest';
import { decodeInlineImage, InlineOutputError } from './inline-output.ts';

/** Inline provider output: only real PNG, JPEG, WebP or GIF images within the size cap are taken. */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const uri = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const refusal = async (work: () => Promise<unknown>) => {
  const error = await work().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InlineOutputError);
  return (error as Error).message;
};

describe('decodeInlineImage', () => {
  it('decodes a PNG and names its type from its bytes', async () => {
    const image = await decodeInlineImage(uri('image/png', PNG), 1024);
    expect(image.contentType).toBe('image/png');
    expect(image.extension).toBe('png');
    expect(Buffer.from(image.bytes).equals(PNG)).toBe(true);
  });

  it('recognises JPEG, GIF and WebP by their magic numbers', async () => {
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const gif = new TextEncoder().encode('GIF89a....');
    const webp = new TextEncoder().encode('RIFF\u0010\u0000\u0000\u0000WEBPVP8 ');
    expect((await decodeInlineImage(uri('image/jpeg', jpeg), 1024)).contentType).toBe('image/jpeg');
    expect((await decodeInlineImage(uri('image/gif', gif), 1024)).extension).toBe('gif');
    expect((await decodeInlineImage(uri('image/webp', webp), 1024)).contentType).toBe('image/webp');
  });

  it('refuses bytes that are not the image they claim to be', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(await refusal(() => decodeInlineImage(uri('image/png', html), 1024))).toBe(
      'sent a file that is not a PNG, JPEG, WebP or GIF image',
    );
  });

  it('refuses types other than the four images, even holding a PNG', async () => {
    expect(await refusal(() => decodeInlineImage(uri('image/svg+xml', PNG), 1024))).toMatch(/not a PNG/);
    expect(await refusal(() => decodeInlineImage(uri('text/html', PNG), 1024))).toMatch(/not a PNG/);
  });

  it('refuses an image over the size cap before decoding it', async () => {
    expect(await refusal(() => decodeInlineImage(uri('image/png', PNG), 20))).toBe(
      'sent an image larger than Lumara accepts',
    );
  });

  it('refuses what is not base64 data', async () => {
    expect(await refusal(() => decodeInlineImage('data:image/png,raw', 1024))).toBe(
      'sent an image Lumara could not read',
    );
    expect(await refusal(() => decodeInlineImage('data:image/png;base64,%%%%', 1024))).toBe(
      'sent an image Lumara could not read',
    );
    expect(await refusal(() => decodeInlineImage('data:image/png;base64,', 1024))).toBe(
      'sent an empty image',
    );
  });
});
