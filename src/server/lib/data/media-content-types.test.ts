import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';
import type { MediaType } from '#shared/media.ts';
import { checkMediaContent, normalizeContentType, sniffSignature } from './media-content-types.ts';

const bytes = (head: string | readonly number[]) =>
  typeof head === 'string' ? new Uint8Array(Buffer.from(head, 'latin1')) : new Uint8Array(head);

/** The first bytes of each format, as real files begin. */
const heads = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xdb]),
  gif: bytes('GIF89a\x01\0\x01\0'),
  webp: bytes('RIFF\x24\0\0\0WEBPVP8 '),
  wav: bytes('RIFF\x24\0\0\0WAVEfmt '),
  mp4: bytes('\0\0\0\x20ftypmp42\0\0\0\0'),
  m4a: bytes('\0\0\0\x20ftypM4A \0\0\0\0'),
  mov: bytes('\0\0\0\x14ftypqt  \0\0\0\0'),
  oldMov: bytes('\0\0\0\x08wide\0\0\0\0mdat'),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86]),
  ogg: bytes('OggS\0\x02'),
  flac: bytes('fLaC\0\0\0\x22'),
  id3: bytes('ID3\x03\0\0\0\0'),
  mp3Frame: bytes([0xff, 0xfb, 0x90, 0x64]),
  adts: bytes([0xff, 0xf1, 0x50, 0x80]),
  // Not MPEG audio, though the sync bits say so: a UTF-16 LE byte-order mark, a "bad" bitrate, a reserved
  // sampling rate (file-type refuses them; the hand-written sniffer took them for MP3s).
  utf16: bytes([0xff, 0xfe, 0x3c, 0x00]),
  badBitrate: bytes([0xff, 0xfb, 0xf0, 0x64]),
  reservedRate: bytes([0xff, 0xfb, 0x9c, 0x64]),
  pnot: bytes('\0\0\0\x14pnot\0\0\0\0'),
  html: bytes('<!DOCTYPE html>'),
  svg: bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
  pdf: bytes('%PDF-1.7'),
};

describe('sniffSignature', () => {
  it.each([
    ['png', 'png'],
    ['jpeg', 'jpeg'],
    ['gif', 'gif'],
    ['webp', 'webp'],
    ['wav', 'wav'],
    ['mp4', 'iso-bmff'],
    ['m4a', 'iso-bmff'],
    ['mov', 'quicktime'],
    ['oldMov', 'quicktime'],
    ['webm', 'ebml'],
    ['ogg', 'ogg'],
    ['flac', 'flac'],
    ['id3', 'mpeg-audio'],
    ['mp3Frame', 'mpeg-audio'],
    ['adts', null],
    ['utf16', null],
    ['badBitrate', null],
    ['reservedRate', null],
    ['pnot', 'quicktime'],
    ['html', null],
    ['svg', null],
    ['pdf', null],
  ] as const)('%s is %s', async (name, signature) => {
    expect(await sniffSignature(heads[name])).toBe(signature);
  });

  it('recognises nothing in an empty or truncated file', async () => {
    expect(await sniffSignature(new Uint8Array())).toBeNull();
    expect(await sniffSignature(heads.png.subarray(0, 4))).toBeNull();
  });

  it('reads a whole head as file-type does, and a short one by its container signature', async () => {
    const png = bytes(
      '\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\0\0\0\0\0\0\0\0IDAT',
    );
    const opus = bytes(`OggS\0\x02${'\0'.repeat(20)}\x01\x13OpusHead\x01\x02`);
    const webm = bytes('\x1a\x45\xdf\xa3\x93\x42\x86\x81\x01\x42\xf7\x81\x01\x42\x82\x84webm');
    for (const [head, signature] of [
      [png, 'png'],
      [opus, 'ogg'],
      [webm, 'ebml'],
    ] as const) {
      expect(await sniffSignature(head)).toBe(signature);
      for (let length = 8; length < head.length; length += 1) {
        expect(await sniffSignature(head.subarray(0, length))).toBe(signature);
      }
    }
  });
});

describe('checkMediaContent', () => {
  it.each([
    ['image', 'image/png', 'png', 'image/png'],
    ['image', 'image/jpg', 'jpeg', 'image/jpeg'],
    ['image', 'application/octet-stream', 'webp', 'image/webp'],
    ['video', 'video/mp4', 'mov', 'video/mp4'],
    ['video', undefined, 'mov', 'video/quicktime'],
    ['video', undefined, 'webm', 'video/webm'],
    ['audio', undefined, 'webm', 'audio/webm'],
    ['audio', undefined, 'm4a', 'audio/mp4'],
    ['audio', 'audio/x-wav', 'wav', 'audio/wav'],
    ['audio', 'audio/mpeg', 'mp3Frame', 'audio/mpeg'],
    ['audio', 'audio/ogg; codecs=opus', 'ogg', 'audio/ogg'],
  ] as const)('%s declared %s with %s bytes is stored as %s', async (type, declared, head, stored) => {
    expect(await checkMediaContent(type, declared, heads[head])).toBe(stored);
  });

  it.each([
    ['image', 'text/html', 'html'],
    ['image', 'image/svg+xml', 'svg'],
    ['image', 'image/png', 'html'],
    ['image', 'image/png', 'jpeg'],
    ['image', undefined, 'pdf'],
    ['video', 'image/png', 'png'],
    ['video', undefined, 'png'],
    ['audio', 'audio/aac', 'adts'],
    ['audio', 'video/mp4', 'mp4'],
  ] as const)('%s declared %s with %s bytes is 415', async (type: MediaType, declared, head) => {
    let error: unknown;
    try {
      await checkMediaContent(type, declared, heads[head]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(415);
  });

  it('normalizes header spellings', () => {
    expect(normalizeContentType(' Image/JPEG ; q=1')).toBe('image/jpeg');
    expect(normalizeContentType(null)).toBe('');
  });
});
