import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import type { Logger } from './logger.ts';
import {
  cappedChunks,
  isMediaKey,
  type MediaStore,
  mediaTooLarge,
  type StoredFileInfo,
} from './media-store.ts';

export type S3MediaStoreOptions = {
  /** The S3-compatible server (`https://<account>.r2.cloudflarestorage.com`, MinIO's URL); AWS's when absent. */
  endpoint?: string;
  region: string;
  /** The bucket must already exist: the store never creates one. */
  bucket: string;
  /** Both keys, or neither (then the SDK's own chain: environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`: MinIO, Garage and s3rver want it. */
  forcePathStyle: boolean;
  /** Where a multipart upload that could not be aborted is reported (its parts are billed until removed). */
  logger?: Logger;
};

/** The media store on a bucket, with what a server needs around it. */
export type S3MediaStore = MediaStore & {
  /** Resolves when the bucket answers (start-up and `/readyz`); throws the SDK's error otherwise. */
  checkBucket(): Promise<void>;
  /** Lets go of the client's kept connections (shutdown, the end of a test). */
  close(): void;
};

/**
 * A stream is uploaded in parts of this size, at most `UPLOAD_QUEUE` at once, so one upload holds at most
 * 10 MB in memory however long the video is. 5 MB is the smallest part S3 accepts; a body no bigger than one part
 * is sent as a single PutObject.
 */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 2;

/** DeleteObjects takes at most 1000 keys, as many as one ListObjectsV2 page answers. */
const DELETE_BATCH = 1000;

/**
 * Lumara's media on any S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Garage), so every server
 * behind a load balancer reads and writes the same files. It answers exactly as the directory store does: a
 * missing file is `null` from `size` and `read`, removing one is no error, copying one fails with `code: 'ENOENT'`.
 *
 * Checksums are only sent where S3 requires them (`WHEN_REQUIRED`): with the SDK's default, a streamed upload is
 * framed as aws-chunked with a trailing checksum, which several S3-compatible servers store inside the object
 * (s3rver kept 70,052 bytes for 70,000 sent). Every request here sends a known length instead, so the bytes stored
 * are the bytes given.
 */
export function createS3MediaStore(options: S3MediaStoreOptions): S3MediaStore {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  function objectKey(key: string): string {
    if (!isMediaKey(key)) throw new Error(`not a media store key: ${JSON.stringify(key)}`);
    return key;
  }

  async function putStream(key: string, body: ReadableStream<Uint8Array>, maxBytes: number): Promise<void> {
    const source = Readable.from(cappedChunks(body, maxBytes));
    // No ContentLength: the length is unknown until the stream ends, so Upload buffers each part and sends it
    // with its own length. A multipart upload that fails (the cap included) is never completed, so no object
    // appears and the object an earlier put left at the key is untouched.
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: source },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOAD_QUEUE,
      // We abort the upload ourselves: Upload's own abort throws its failure in place of the reason the upload
      // failed (s3rver has no AbortMultipartUpload at all), and the caller must see the 413, not that.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      // Upload stops reading when a request fails; destroying the source cancels what the caller gave us.
      source.destroy();
      if (upload.uploadId) await abortUpload(key, upload.uploadId);
      throw error;
    }
  }

  /** Drops the parts of a failed upload, which the bucket would otherwise keep (and bill) indefinitely. */
  async function abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      options.logger?.warn(
        { err: error, key, uploadId },
        'an unfinished upload could not be aborted; its parts stay until a lifecycle rule removes them',
      );
    }
  }

  /** The objects under `prefix/`, a page (at most one DeleteObjects' worth) at a time. */
  async function* objectsUnder(prefix: string): AsyncGenerator<StoredFileInfo[], void, undefined> {
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: `${prefix}/`,
          ContinuationToken: continuationToken,
          MaxKeys: DELETE_BATCH,
        }),
      );
      const objects = (page.Contents ?? []).flatMap((object) =>
        object.Key ? [{ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) }] : [],
      );
      if (objects.length > 0) yield objects;
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  return {
    async put(key, body, putOptions) {
      const target = objectKey(key);
      const maxBytes = putOptions?.maxBytes ?? Number.POSITIVE_INFINITY;
      if (!(body instanceof Uint8Array)) return putStream(target, body, maxBytes);
      if (body.byteLength > maxBytes) throw mediaTooLarge(maxBytes);
      // Bytes in hand go in one request with their length (S3 takes up to 5 GB that way; the cap is far lower).
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: target, Body: body, ContentLength: body.byteLength }),
      );
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!answer.Body) return emptyStream();
        const body: ReadableStream<Uint8Array> = answer.Body.transformToWebStream();
        return range ? exactly(body, range, answer.ContentRange) : body;
      } catch (error) {
        if (isMissingObject(error)) return null;
        // A range starting at or past the end: the directory store reads nothing there, and so does this one.
        if (range && error instanceof S3ServiceException && error.name === 'InvalidRange')
          return emptyStream();
        throw error;
      }
    },
    async copy(fromKey, toKey) {
      // Copied inside the store: the bytes never pass through this server. One CopyObject takes up to 5 GB.
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: objectKey(toKey),
            CopySource: `${bucket}/${objectKey(fromKey)}`,
          }),
        );
      } catch (error) {
        // Callers tell "the source is gone" (a swept job output) from a failing store by the code copyFile gives.
        if (isMissingObject(error)) {
          throw Object.assign(new Error(`no media file at ${fromKey}`, { cause: error }), { code: 'ENOENT' });
        }
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success, as `rm --force` does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async removeAll(prefix) {
      const trimmed = objectKey(withoutTrailingSlashes(prefix));
      for await (const objects of objectsUnder(trimmed)) {
        const keys = objects.map((object) => object.key);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `${failed.length} media files under ${trimmed}/ could not be removed (${first?.Key}: ${first?.Code} ${first?.Message})`,
          );
        }
      }
      // The directory store removes a file named like the prefix too (it removes the path, whatever it is).
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: trimmed }));
    },
    list(prefix) {
      return objectsUnder(objectKey(withoutTrailingSlashes(prefix)));
    },
    async checkBucket() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * GetObject and CopyObject answer NoSuchKey, HeadObject (which has no body to say more) NotFound. A missing
 * bucket (NoSuchBucket) is not a missing file: reads and writes fail loudly rather than show an empty gallery,
 * and `checkBucket` finds it at start-up, since HeadObject alone cannot tell the two apart.
 */
function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/**
 * The asked range out of what the server answered. A server that honours `Range` answers exactly it and the
 * body passes as it is; one that ignores the header (a 200 with the whole file) or widens it (s3rver answers
 * `bytes=0-0` with the whole file) is cut to the range here, because `serveStoredFile` has already promised the
 * browser that range's `Content-Length` and `Content-Range`.
 */
function exactly(
  body: ReadableStream<Uint8Array>,
  range: { start: number; end: number },
  contentRange: string | undefined,
): ReadableStream<Uint8Array> {
  const answered = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange ?? '');
  const answeredStart = answered ? Number(answered[1]) : 0;
  const answeredEnd = answered ? Number(answered[2]) : Number.POSITIVE_INFINITY;
  const total = answered && answered[3] !== '*' ? Number(answered[3]) : Number.POSITIVE_INFINITY;
  const wantedEnd = Math.min(range.end, total - 1);
  if (answeredStart === range.start && answeredEnd === wantedEnd) return body;
  if (answeredStart > range.start) {
    void body.cancel();
    throw new Error(`the object store answered ${contentRange} for bytes=${range.start}-${range.end}`);
  }
  return sliceOf(body, range.start - answeredStart, range.end - range.start + 1);
}

/** `take` bytes after the first `skip` of a stream; the rest of the stream is cancelled, not downloaded. */
function sliceOf(body: ReadableStream<Uint8Array>, skip: number, take: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let toSkip = skip;
  let left = take;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (left > 0) {
        const { done, value } = await reader.read();
        if (done) break;
        let chunk = value;
        if (toSkip >= chunk.byteLength) {
          toSkip -= chunk.byteLength;
          continue;
        }
        chunk = chunk.subarray(toSkip, toSkip + left);
        toSkip = 0;
        left -= chunk.byteLength;
        controller.enqueue(chunk);
        return;
      }
      controller.close();
      await reader.cancel().catch(() => {});
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.close();
    },
  });
}
