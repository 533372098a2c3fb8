import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3MediaStore, type S3MediaStore } from '#server/lib/infra/s3-media-store.ts';
import { type S3TestServer, startS3TestServer } from '#tests/setup/s3-test-server.ts';
import { nodeBinary, projectRoot } from '#tests/setup/server-process.ts';

/**
 * `npm run media:migrate` as an operator runs it: a directory store with the keys the server makes (a video over
 * one 5 MB upload part among them, so the multipart path is taken) and a file still being written, copied into
 * an s3rver bucket, then run again as a resumed or repeated run would be.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'lumara-media-migrate-'));
const mediaDir = path.join(root, 'media');
let s3: S3TestServer;
let bucket: S3MediaStore;

/** Key → bytes, written into the media folder as the directory store lays them out. */
const files = new Map<string, Buffer>([
  ['media/user-1/6f1c2a4e-0b7d-4a51-9d7e-3c2b1a0f9e8d.png', randomBytes(70_000)],
  ['media/user-2/1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b.mp4', randomBytes(6 * 1024 * 1024 + 123)],
  ['jobs/job-1/0.png', randomBytes(1_234)],
  ['avatars/user-1.webp', Buffer.alloc(0)],
]);
/** A `put` cut off mid-write leaves this beside its key; it is no media file and must not reach the bucket. */
const temporary = 'jobs/job-1/1.png.4242.1700000000000.part';

// Spawned asynchronously, not with spawnSync: s3rver answers from this process, which must keep running.
function run(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary, [path.join(projectRoot, 'scripts', 'media-migrate.ts'), ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function bucketEnv(): Record<string, string> {
  return {
    MEDIA_DIR: mediaDir,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function storedSha256(key: string): Promise<string | null> {
  const body = await bucket.read(key);
  if (!body) return null;
  const hash = createHash('sha256');
  const reader = body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) hash.update(part.value);
  return hash.digest('hex');
}

function write(key: string, bytes: Uint8Array): void {
  const file = path.join(mediaDir, key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

beforeAll(async () => {
  for (const [key, bytes] of files) write(key, bytes);
  write(temporary, randomBytes(100));
  s3 = await startS3TestServer({ bucket: 'lumara-migrate' });
  bucket = createS3MediaStore({ ...s3 });
});

afterAll(async () => {
  bucket?.close();
  await s3?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run media:migrate', () => {
  it('lists without copying on --dry-run', async () => {
    const result = await run(bucketEnv(), ['--dry-run']);
    expect(result.code, result.output).toBe(0);
    for (const key of files.keys()) expect(result.output).toContain(`would copy ${key}`);
    expect(result.output).toContain(`4 would copy`);
    for (const key of files.keys()) expect(await bucket.size(key)).toBeNull();
  });

  it('copies every media file byte for byte, leaves out the temporary file and keeps the local files', async () => {
    const result = await run(bucketEnv());
    expect(result.code, result.output).toBe(0);
    for (const [key, bytes] of files) expect(await storedSha256(key), key).toBe(sha256(bytes));
    expect(result.output).toContain(`not a media file, left out: ${temporary}`);
    expect(await bucket.size(temporary)).toBeNull();
    expect(result.output).toContain('4 copied');
    expect(result.output).toContain('0 failed');
    expect(result.output).toContain('Nothing in');
    for (const key of files.keys()) expect(existsSync(path.join(mediaDir, key))).toBe(true);
  });

  it('skips what the bucket already has and copies a file whose size changed again', async () => {
    const again = await run(bucketEnv());
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('0 copied');
    expect(again.output).toContain('4 already in the bucket');

    const changedKey = 'jobs/job-1/0.png';
    const changed = randomBytes(2_345);
    write(changedKey, changed);
    const resumed = await run(bucketEnv());
    expect(resumed.code, resumed.output).toBe(0);
    expect(resumed.output).toContain(`copied ${changedKey} (2345 bytes; was 1234 bytes in the bucket)`);
    expect(resumed.output).toContain('1 copied');
    expect(resumed.output).toContain('3 already in the bucket');
    expect(await storedSha256(changedKey)).toBe(sha256(changed));
    expect(readFileSync(path.join(mediaDir, changedKey)).equals(changed)).toBe(true);
  });

  it('refuses without S3_BUCKET, and with a bucket that does not exist', async () => {
    const unset = await run({ MEDIA_DIR: mediaDir });
    expect(unset.code).toBe(1);
    expect(unset.output).toContain('S3_BUCKET is not set');
    expect(unset.output).toContain('Nothing was copied');

    const missing = await run({ ...bucketEnv(), S3_BUCKET: 'no-such-bucket' });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('The bucket "no-such-bucket" cannot be reached (NotFound, HTTP 404)');
  });
});
