import { mkdir, mkdtemp, open, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create as createTar } from 'tar';
import {
  type BackupManifest,
  type BackupResult,
  backupFileName,
  DATABASE_FOLDER,
  MANIFEST_FILE,
  MEDIA_FOLDER,
} from './backup-manifest.ts';
import { listFiles, removeStaging, stageMediaFiles } from './staged-files.ts';

export type BackupSource = {
  /**
   * Copies the database's files into a folder at one instant (a running server's worker, or the CLI's own);
   * answers how many milliseconds the database was held still for it.
   */
  snapshotDatabase(into: string): Promise<number>;
  /** The media store's folder. */
  mediaDir: string;
};

/**
 * Writes one backup archive into `outDir`: the database's files at one instant and the media store's
 * files, in a gzip tarball with a manifest first. The media files are linked aside before the snapshot and again
 * after it, so every file a row of the snapshot names is in the archive even if a member deleted it meanwhile.
 * The archive is written under a `.part` name, synced, then renamed: a backup file is whole or absent.
 */
export async function takeBackup(
  source: BackupSource,
  outDir: string,
  now = new Date(),
): Promise<BackupResult> {
  const started = performance.now();
  await mkdir(source.mediaDir, { recursive: true });
  await mkdir(outDir, { recursive: true });
  // Inside the media folder (a dot folder the store never lists), so media files can be hard-linked.
  const staging = await mkdtemp(path.join(source.mediaDir, '.backup-'));
  const file = path.join(outDir, backupFileName(now));
  const partial = `${file}.part`;
  try {
    const staged = new Set<string>();
    const mediaInto = path.join(staging, MEDIA_FOLDER);
    await mkdir(mediaInto);
    await stageMediaFiles(source.mediaDir, mediaInto, staged);
    const pauseMs = await source.snapshotDatabase(path.join(staging, DATABASE_FOLDER));
    await stageMediaFiles(source.mediaDir, mediaInto, staged);

    const files = await listFiles(staging);
    const manifest: BackupManifest = {
      format: 'lumara-backup',
      version: 1,
      createdAt: now.toISOString(),
      postgres: (await readFile(path.join(staging, DATABASE_FOLDER, 'PG_VERSION'), 'utf8')).trim(),
      files,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest));
    await createTar({ gzip: true, portable: true, file: partial, cwd: staging }, [
      MANIFEST_FILE,
      DATABASE_FOLDER,
      MEDIA_FOLDER,
    ]);
    await syncFile(partial);
    await rename(partial, file);
    return {
      file,
      bytes: (await stat(file)).size,
      files: files.length,
      pauseMs: Math.round(pauseMs),
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await removeStaging(staging);
    await removeStaging(partial);
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
