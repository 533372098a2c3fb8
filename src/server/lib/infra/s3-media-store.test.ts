import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStoredFile } from '#server/lib/http/serve-stored-file.ts';
import { describeMediaStoreContract, readAll, sha256, streamOf } from '#tests/setup/media-store-contract.ts';
import { type S3TestServer, startS3TestServer } from '#tests/setup/s3-test-server.ts';
import { createS3MediaStore, type S3MediaStore } from './s3-media-store.ts';

function storeOn(server: S3TestServer, bucket = server.bucket): S3MediaStore {
  return createS3MediaStore({
    endpoint: server.endpoint,
    region: server.region,
    bucket,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: server.forcePathStyle,
  });
}

describeMediaStoreContract('S3 (s3rver)', async () => {
  const server = await startS3TestServer();
  const store = storeOn(server);
  return {
    store,
    async close() {
      store.close();
      await server.stop();
    },
  };
});

describe('the S3 media store', () => {
  let server: S3TestServer;
  let store: S3MediaStore;

  beforeAll(async () => {
    server = await startS3TestServer({ bucket: 'lumara-s3-only' });
    store = storeOn(server);
  });
  afterAll(async () => {
    store?.close();
    await server?.stop();
  });

  it('serves a stored video with ranges and the download headers, as from the directory', async () => {
    const bytes = randomBytes(1024 * 1024 + 3);
    await store.put('media/1/film.mp4', streamOf(bytes));
    const file = { key: 'media/1/film.mp4', contentType: 'video/mp4' };
    const disposition = 'attachment; filename="film.mp4"';

    const whole = await serveStoredFile(new Request('http://lumara.test/f'), store, file, disposition);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(whole.headers.get('content-disposition')).toBe(disposition);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));

    const sought = await serveStoredFile(
      new Request('http://lumara.test/f', { headers: { range: 'bytes=500000-' } }),
      store,
      file,
      disposition,
    );
    expect(sought.status).toBe(206);
    expect(sought.headers.get('content-range')).toBe(
      `bytes 500000-${bytes.byteLength - 1}/${bytes.byteLength}`,
    );
    expect(sha256(new Uint8Array(await sought.arrayBuffer()))).toBe(sha256(bytes.subarray(500_000)));

    const suffix = await serveStoredFile(
      new Request('http://lumara.test/f', { headers: { range: 'bytes=-100' } }),
      store,
      file,
      disposition,
    );
    expect(suffix.status).toBe(206);
    expect(sha256(new Uint8Array(await suffix.arrayBuffer()))).toBe(sha256(bytes.subarray(-100)));

    const past = await serveStoredFile(
      new Request('http://lumara.test/f', { headers: { range: `bytes=${bytes.byteLength}-` } }),
      store,
      file,
      disposition,
    );
    expect(past.status).toBe(416);
  });

  it('answers a file stored through one server through another on the same bucket', async () => {
    const other = storeOn(server);
    try {
      const bytes = randomBytes(70_000);
      await store.put('jobs/shared/0.png', bytes);
      expect(sha256(await readAll(other, 'jobs/shared/0.png'))).toBe(sha256(bytes));
      await other.remove('jobs/shared/0.png');
      expect(await store.size('jobs/shared/0.png')).toBeNull();
    } finally {
      other.close();
    }
  });

  it('checks its bucket, and a missing bucket is an error rather than a missing file', async () => {
    await expect(store.checkBucket()).resolves.toBeUndefined();
    const nowhere = storeOn(server, 'no-such-bucket');
    try {
      await expect(nowhere.checkBucket()).rejects.toThrow();
      await expect(nowhere.read('media/1/film.mp4')).rejects.toThrow();
      await expect(nowhere.put('media/1/x.png', new Uint8Array(10))).rejects.toThrow();
    } finally {
      nowhere.close();
    }
  });
});
