/**
 * `npm run media:migrate [--dry-run]`: copies every file of the directory media store (MEDIA_DIR, default
 * DATA_DIR/media) into the S3-compatible bucket the S3_* variables name, so a server switched to the bucket
 * serves everything it served before (docs/operations.md, "Several servers"). Run it with the servers' own
 * environment.
 *
 * Resumable: a key already in the bucket with the file's size is skipped, any other is uploaded (again), so a run
 * cut off halfway, or run again after more files arrived, copies only what is missing. Each file is streamed, never
 * held whole, and its size in the bucket is checked after the upload. The local files are never deleted: the
 * operator removes them once every server runs on the bucket.
 */
import { createReadStream, type Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { type Config, ConfigError, loadConfig } from '#server/config.ts';
import { isMediaKey } from '#server/lib/infra/media-store.ts';
import { createS3MediaStore, type S3MediaStore } from '#server/lib/infra/s3-media-store.ts';
import { fail } from './embedded-config.ts';

/**
 * Files uploaded at once. A few hide the round trips of many small files (avatars, thumbnails); each streamed
 * upload holds at most two 5 MB parts, so this many keep the script under ~40 MB however large the videos are.
 */
const CONCURRENT_UPLOADS = 4;

/** After this many files checked, a progress line, so a long run of skipped files is not silent. */
const PROGRESS_EVERY = 500;

const USAGE = 'Usage: npm run media:migrate [-- --dry-run]';

type LocalFile = { key: string; file: string; bytes: number };
type Outcome = 'copied' | 'skipped' | 'failed';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--dry-run');
if (unknown.length > 0) fail(`Unknown argument ${unknown.join(' ')}. ${USAGE}`);
const dryRun = args.includes('--dry-run');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const target = config.objectStore;
if (!target)
  fail(
    'S3_BUCKET is not set: media:migrate copies MEDIA_DIR into the bucket the S3_* variables name ' +
      '(S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). ' +
      'Set them as the servers will have them. Nothing was copied.',
  );
const mediaDir = config.media.dir;
const mediaInfo = await stat(mediaDir).catch(() => null);
// A missing folder is most likely a wrong MEDIA_DIR or DATA_DIR, not a store with nothing in it: say so loudly.
if (!mediaInfo?.isDirectory())
  fail(`There is no media folder at ${mediaDir} (MEDIA_DIR, default DATA_DIR/media). Nothing was copied.`);

const { credentials, ...store } = target;
const bucket: S3MediaStore = createS3MediaStore({ ...store, ...credentials });
try {
  await bucket.checkBucket();
} catch (error) {
  bucket.close();
  fail(
    `The bucket "${store.bucket}" cannot be reached (${describe(error)}): ` +
      'check S3_ENDPOINT, S3_REGION and the keys, and create the bucket first. Nothing was copied.',
  );
}

console.log(
  `${dryRun ? 'Dry run: listing what would be copied' : 'Copying'} from ${mediaDir} ` +
    `into the bucket "${store.bucket}"${store.endpoint ? ` at ${store.endpoint}` : ''}.`,
);
const { files, strays } = await localFiles(mediaDir);
for (const stray of strays) console.log(`not a media file, left out: ${stray}`);

const totals = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
let checked = 0;
let next = 0;
// A few workers take the next file in turn: order of the output lines is not the order of the folder.
async function worker(): Promise<void> {
  while (next < files.length) {
    const file = files[next++];
    if (!file) break;
    const outcome = await migrate(file);
    totals[outcome] += 1;
    if (outcome === 'copied') totals.bytes += file.bytes;
    checked += 1;
    if (checked % PROGRESS_EVERY === 0 && checked < files.length)
      console.log(`… ${checked} of ${files.length} files checked`);
  }
}
try {
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_UPLOADS, files.length) }, () => worker()));
} finally {
  bucket.close();
}

const verb = dryRun ? 'would copy' : 'copied';
console.log(
  `\n${files.length} media files: ${totals.copied} ${verb} (${megabytes(totals.bytes)}), ` +
    `${totals.skipped} already in the bucket, ${totals.failed} failed` +
    (strays.length > 0
      ? `; ${strays.length} ${strays.length === 1 ? 'entry' : 'entries'} left out (not media files).`
      : '.'),
);
console.log(
  `Nothing in ${mediaDir} was deleted. Once every server runs with S3_BUCKET set, remove it yourself ` +
    '(keep it until then: it is the only copy of anything not yet in the bucket).',
);
if (totals.failed > 0) {
  console.error(`${totals.failed} files were not copied: run media:migrate again to retry them.`);
  process.exit(1);
}

/** Copies one file unless the bucket already has it at its size; the outcome, with a line for anything done. */
async function migrate(file: LocalFile): Promise<Outcome> {
  try {
    const stored = await bucket.size(file.key);
    if (stored === file.bytes) return 'skipped';
    const why = stored === null ? 'not in the bucket' : `${stored} bytes in the bucket`;
    if (dryRun) {
      console.log(`would copy ${file.key} (${file.bytes} bytes; ${why})`);
      return 'copied';
    }
    // Streamed: the store uploads a stream in 5 MB parts, so a video is never read into memory whole.
    const body = Readable.toWeb(createReadStream(file.file)) as ReadableStream<Uint8Array>;
    await bucket.put(file.key, body);
    const uploaded = await bucket.size(file.key);
    if (uploaded !== file.bytes) {
      // The file may have changed while it was read (a server still writing): the next run copies it again.
      console.error(`failed ${file.key}: ${file.bytes} bytes here, ${uploaded ?? 'nothing'} in the bucket`);
      return 'failed';
    }
    console.log(`copied ${file.key} (${file.bytes} bytes; was ${why})`);
    return 'copied';
  } catch (error) {
    console.error(`failed ${file.key}: ${describe(error)}`);
    return 'failed';
  }
}

/**
 * The store's files under `root`, keyed as the store keys them (relative paths with `/`), and the entries that
 * cannot be media: names the store would never make (a folder of them is reported once, not file by file), files
 * still being written (the store's `.part` files, as backups leave them out too), and anything not a plain file.
 */
async function localFiles(root: string): Promise<{ files: LocalFile[]; strays: string[] }> {
  const files: LocalFile[] = [];
  const strays: string[] = [];
  async function walk(relative: string): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      // A folder removed since it was listed (a job's outputs swept) holds nothing to copy.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (isMediaKey(key)) await walk(key);
        else strays.push(`${key}/`);
      } else if (!entry.isFile() || !isMediaKey(key) || key.endsWith('.part')) {
        strays.push(key);
      } else {
        const file = path.join(root, key);
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) files.push({ key, file, bytes: info.size });
      }
    }
  }
  await walk('');
  files.sort((a, b) => a.key.localeCompare(b.key));
  strays.sort();
  return { files, strays };
}

/**
 * An SDK error in a line. HeadBucket and HeadObject answers have no body, so the SDK's message alone is often
 * just "UnknownError"; the error's name (NotFound, Forbidden) and HTTP status say what went wrong.
 */
function describe(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const message = error.message && error.message !== 'UnknownError' ? `: ${error.message}` : '';
    return `${error.name}${status ? `, HTTP ${status}` : ''}${message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB, ${bytes} bytes`;
}
