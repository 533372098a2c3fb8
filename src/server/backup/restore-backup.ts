import { existsSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { extract as extractTar } from 'tar';
import { lockDataDir } from '#server/db/embedded/data-dir-lock.ts';
import {
  type BackupManifest,
  backupManifestSchema,
  compactTimestamp,
  DATABASE_FOLDER,
  MANIFEST_FILE,
  MEDIA_FOLDER,
} from './backup-manifest.ts';
import { listFiles, removeStaging } from './staged-files.ts';

export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

export type RestoreResult = {
  createdAt: string;
  members: number;
  tasks: number;
  mediaFiles: number;
  /** Where the data that was replaced now is (kept until the operator removes it); null when there was none. */
  previousDataDir: string | null;
  previousMediaDir: string | null;
};

/**
 * Replaces the embedded database's data (and its media) with a backup's. Refuses while a server uses
 * `dataDir` (its lock), and takes that lock itself so none starts meanwhile. Nothing is replaced until the archive
 * has been unpacked beside the data, every file of its manifest found whole, and the database opened and read.
 * The replaced data is renamed aside, never deleted.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  mediaDir: string;
  now?: Date;
}): Promise<RestoreResult> {
  const { dataDir, mediaDir } = options;
  const stamp = compactTimestamp(options.now ?? new Date());
  const lock = lockDataDir(dataDir);
  const staging = `${dataDir}.restoring-${stamp}`;
  try {
    await mkdir(staging);
    const manifest = await unpack(options.file, staging);
    const counts = await readDatabase(path.join(staging, DATABASE_FOLDER));

    const newData = path.join(staging, DATABASE_FOLDER);
    const mediaInData = isInside(mediaDir, dataDir);
    const stagedMedia = path.join(staging, MEDIA_FOLDER);
    if (mediaInData) {
      const target = path.join(newData, path.relative(dataDir, mediaDir));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(stagedMedia, target);
    }
    // The new data carries our lock from the moment it is in place.
    writeFileSync(path.join(newData, 'lumara.lock'), String(process.pid));

    const previousDataDir = await moveAside(dataDir, stamp);
    await rename(newData, dataDir);
    let previousMediaDir: string | null = null;
    if (!mediaInData) {
      previousMediaDir = await moveAside(mediaDir, stamp);
      await mkdir(path.dirname(mediaDir), { recursive: true });
      await rename(stagedMedia, mediaDir);
    }
    if (previousDataDir) await rm(path.join(previousDataDir, 'lumara.lock'), { force: true });
    return {
      createdAt: manifest.createdAt,
      ...counts,
      mediaFiles: manifest.files.filter((file) => file.path.startsWith(`${MEDIA_FOLDER}/`)).length,
      previousDataDir,
      previousMediaDir,
    };
  } finally {
    await removeStaging(staging);
    lock.release();
  }
}

/** Unpacks the archive and checks it against its manifest: every file it lists there, with its size. */
async function unpack(file: string, into: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupRefusedError(`There is no backup at ${file}`);
  try {
    await extractTar({
      file,
      cwd: into,
      strict: true,
      // Only what a backup holds; tar already refuses absolute paths and `..`.
      filter: (entry) =>
        entry === MANIFEST_FILE ||
        entry.startsWith(`${DATABASE_FOLDER}/`) ||
        entry.startsWith(`${MEDIA_FOLDER}/`) ||
        entry === DATABASE_FOLDER ||
        entry === MEDIA_FOLDER,
    });
  } catch (error) {
    throw new BackupRefusedError(
      `The backup cannot be read (${(error as Error).message}): it is damaged or not a Lumara backup`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = backupManifestSchema.parse(JSON.parse(await readFile(path.join(into, MANIFEST_FILE), 'utf8')));
  } catch {
    throw new BackupRefusedError('The backup has no readable manifest: it is not a Lumara backup');
  }
  const found = new Map((await listFiles(into)).map((entry) => [entry.path, entry.bytes]));
  for (const expected of manifest.files) {
    const bytes = found.get(expected.path);
    if (bytes === undefined)
      throw new BackupRefusedError(`The backup is incomplete: ${expected.path} is missing`);
    if (bytes !== expected.bytes)
      throw new BackupRefusedError(
        `The backup is damaged: ${expected.path} has ${bytes} bytes, not ${expected.bytes}`,
      );
  }
  if (!found.has(`${DATABASE_FOLDER}/PG_VERSION`))
    throw new BackupRefusedError('The backup holds no database');
  await mkdir(path.join(into, MEDIA_FOLDER), { recursive: true });
  return manifest;
}

/** Opens the unpacked database (PostgreSQL's recovery runs here) and reads from it: it must be usable. */
async function readDatabase(dir: string): Promise<{ members: number; tasks: number }> {
  let db: PGlite | undefined;
  try {
    db = await PGlite.create(dir);
    const count = async (table: string) =>
      Number((await db?.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))?.rows[0]?.n ?? 0);
    return { members: await count('users'), tasks: await count('tasks') };
  } catch (error) {
    throw new BackupRefusedError(`The backup's database cannot be opened: ${(error as Error).message}`);
  } finally {
    await db?.close();
  }
}

/** Renames a folder out of the way (`<dir>.before-restore-<time>`); answers where it went, or null if absent. */
async function moveAside(dir: string, stamp: string): Promise<string | null> {
  try {
    await stat(dir);
  } catch {
    return null;
  }
  const aside = `${dir}.before-restore-${stamp}`;
  await rename(dir, aside);
  return aside;
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
