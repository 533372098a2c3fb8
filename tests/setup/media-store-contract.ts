import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';
import type { MediaStore } from '#server/lib/infra/media-store.ts';

/** A store under test and how to let it go. */
export type OpenedMediaStore = { store: MediaStore; close(): Promise<void> };

const KB = 1024;
const MB = 1024 * KB;

/**
 * What every `MediaStore` promises, run against each implementation (the directory and the bucket) so that a
 * server behaves the same on either. Files are random bytes compared by sha256: a store that adds framing
 * (aws-chunked), drops a chunk or reorders parts fails here. Each case uses its own keys, so the cases share one
 * store.
 */
export function describeMediaStoreContract(name: string, open: () => Promise<OpenedMediaStore>) {
  describe(`MediaStore contract: ${name}`, () => {
    let opened: OpenedMediaStore;
    let store: MediaStore;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('keeps 70,000 bytes given in hand byte for byte', async () => {
      const bytes = randomBytes(70_000);
      await store.put('media/1/small.png', bytes);
      expect(await store.size('media/1/small.png')).toBe(70_000);
      const back = await readAll(store, 'media/1/small.png');
      expect(back.byteLength).toBe(70_000);
      expect(sha256(back)).toBe(sha256(bytes));
    });

    it.each([
      ['70,000 bytes', 70_000],
      ['5 MB', 5 * MB],
      // Past two 5 MB parts, so a bucket takes it as a multipart upload whose parts must join in order.
      ['11 MB', 11 * MB + 12_345],
    ])('streams %s in and out byte for byte', async (_label, length) => {
      const bytes = randomBytes(length);
      const key = `jobs/streamed-${length}/0.mp4`;
      await store.put(key, streamOf(bytes));
      expect(await store.size(key)).toBe(length);
      const back = await readAll(store, key);
      expect(back.byteLength).toBe(length);
      expect(sha256(back)).toBe(sha256(bytes));
    });

    it('reads byte ranges: the first bytes, the middle, the end, and an end past the last byte', async () => {
      const bytes = randomBytes(6 * MB + 777);
      const key = 'media/2/ranges.mp4';
      await store.put(key, streamOf(bytes));
      const last = bytes.byteLength - 1;
      const ranges = [
        { start: 0, end: 0 },
        { start: 0, end: 1023 },
        { start: 70_000, end: 140_000 },
        // Across the 5 MB boundary where a bucket's first upload part ends.
        { start: 5 * MB - 100, end: 5 * MB + 100 },
        { start: last - 499, end: last },
        { start: last, end: last },
      ];
      for (const range of ranges) {
        const part = await readAll(store, key, range);
        expect(part.byteLength, JSON.stringify(range)).toBe(range.end - range.start + 1);
        expect(sha256(part), JSON.stringify(range)).toBe(sha256(bytes.subarray(range.start, range.end + 1)));
      }
      const clipped = await readAll(store, key, { start: last - 9, end: last + 1000 });
      expect(sha256(clipped)).toBe(sha256(bytes.subarray(last - 9)));
    });

    it('keeps an empty file', async () => {
      await store.put('media/3/empty.png', new Uint8Array());
      expect(await store.size('media/3/empty.png')).toBe(0);
      expect((await readAll(store, 'media/3/empty.png')).byteLength).toBe(0);
      await store.put('media/3/empty-stream.png', streamOf(new Uint8Array()));
      expect(await store.size('media/3/empty-stream.png')).toBe(0);
    });

    it('answers a missing file as missing: no size, nothing to read, removing it is no error', async () => {
      expect(await store.size('media/4/never.png')).toBeNull();
      expect(await store.read('media/4/never.png')).toBeNull();
      expect(await store.read('media/4/never.png', { start: 0, end: 9 })).toBeNull();
      await expect(store.remove('media/4/never.png')).resolves.toBeUndefined();
      await expect(store.removeAll('jobs/never/')).resolves.toBeUndefined();
      // import-media-file tells a swept job output from a failing store by this code.
      await expect(store.copy('media/4/never.png', 'media/4/copy.png')).rejects.toMatchObject({
        code: 'ENOENT',
      });
      expect(await store.size('media/4/copy.png')).toBeNull();
    });

    it('removes a file: afterwards it is missing', async () => {
      await store.put('media/5/gone.webm', randomBytes(10 * KB));
      await store.remove('media/5/gone.webm');
      expect(await store.size('media/5/gone.webm')).toBeNull();
      expect(await store.read('media/5/gone.webm')).toBeNull();
    });

    it('copies a file to a new key, leaving the original', async () => {
      const bytes = randomBytes(300 * KB);
      await store.put('jobs/copied/0.png', bytes);
      await store.copy('jobs/copied/0.png', 'media/6/saved.png');
      expect(sha256(await readAll(store, 'media/6/saved.png'))).toBe(sha256(bytes));
      expect(await store.size('jobs/copied/0.png')).toBe(bytes.byteLength);
    });

    it("removes everything under a prefix and nothing under a neighbour's", async () => {
      for (const key of ['jobs/sweep/0.png', 'jobs/sweep/1.png', 'jobs/sweep-not/0.png']) {
        await store.put(key, randomBytes(1000));
      }
      await store.removeAll('jobs/sweep/');
      expect(await store.size('jobs/sweep/0.png')).toBeNull();
      expect(await store.size('jobs/sweep/1.png')).toBeNull();
      expect(await store.size('jobs/sweep-not/0.png')).toBe(1000);
    });

    it('lists the files under a prefix, with when each was written, and nothing under a neighbour’s', async () => {
      const before = Date.now() - 60_000;
      for (const key of ['avatars/listed/0.png', 'avatars/listed/deep/1.png', 'avatars/listed-not/0.png']) {
        await store.put(key, randomBytes(100));
      }
      const listed = [];
      for await (const page of store.list('avatars/listed/')) listed.push(...page);
      expect(listed.map((file) => file.key).sort()).toEqual([
        'avatars/listed/0.png',
        'avatars/listed/deep/1.png',
      ]);
      for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
      const none = [];
      for await (const page of store.list('avatars/never/')) none.push(...page);
      expect(none).toEqual([]);
    });

    it('refuses bytes over the cap with a 413 and writes nothing', async () => {
      const refused = store.put('media/7/big.png', randomBytes(2001), { maxBytes: 2000 });
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ code: 'payload_too_large' });
      expect(await store.size('media/7/big.png')).toBeNull();
      await store.put('media/7/exact.png', randomBytes(2000), { maxBytes: 2000 });
    });

    it.each([
      ['inside the first part', 64 * KB, 200 * KB],
      // On a bucket, the first 5 MB part is already uploaded when the cap is passed: the upload must be aborted.
      ['after a part was sent', 6 * MB, 12 * MB],
    ])(
      'refuses a stream over the cap (%s) with a 413 and leaves no file',
      async (_label, maxBytes, length) => {
        const key = `media/8/over-${maxBytes}.mp4`;
        const refused = store.put(key, streamOf(randomBytes(length)), { maxBytes });
        await expect(refused).rejects.toMatchObject({ code: 'payload_too_large' });
        expect(await store.size(key)).toBeNull();
        expect(await store.read(key)).toBeNull();
      },
    );

    it('keeps the earlier file when a new one for the same key is refused or fails midway', async () => {
      const earlier = randomBytes(50 * KB);
      const key = 'media/9/kept.png';
      await store.put(key, earlier);
      await expect(
        store.put(key, streamOf(randomBytes(100 * KB)), { maxBytes: 60 * KB }),
      ).rejects.toMatchObject({
        code: 'payload_too_large',
      });
      await expect(store.put(key, failingStream(randomBytes(40 * KB)))).rejects.toThrow(
        'the sender went away',
      );
      expect(sha256(await readAll(store, key))).toBe(sha256(earlier));
    });

    it('leaves no file when the stream fails midway', async () => {
      await expect(store.put('media/10/broken.mp4', failingStream(randomBytes(300 * KB)))).rejects.toThrow(
        'the sender went away',
      );
      expect(await store.size('media/10/broken.mp4')).toBeNull();
    });

    it('refuses a key the server would never make', async () => {
      for (const key of ['../escape.png', 'media/UPPER.png', '/absolute.png', 'media/../x.png']) {
        await expect(store.put(key, new Uint8Array(1)), key).rejects.toThrow(/not a media store key/);
        await expect(store.size(key), key).rejects.toThrow(/not a media store key/);
      }
    });
  });
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The file (or range) read back through the store's stream, whole. */
export async function readAll(
  store: MediaStore,
  key: string,
  range?: { start: number; end: number },
): Promise<Uint8Array> {
  const stream = await store.read(key, range);
  if (!stream) throw new Error(`${key} is missing`);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The bytes as a stream of uneven chunks, produced only as they are pulled (as a download arrives), so a store
 * that buffered the whole body first would still work but one that mis-joins chunks would not.
 */
export function streamOf(bytes: Uint8Array, chunkBytes = 65_537): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
}

/** A stream that gives half of the bytes, then fails as a dropped connection would. */
function failingStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  const half = Math.floor(bytes.byteLength / 2);
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) {
        controller.error(new Error('the sender went away'));
        return;
      }
      sent = true;
      controller.enqueue(bytes.slice(0, half));
    },
  });
}
