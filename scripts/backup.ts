/**
 * `npm run backup [DIR]`: one backup of the embedded database and its media into DIR (default: BACKUP_DIR, else
 * ./backups), as `lumara-backup-<time>.tar.gz`. With a server running on DATA_DIR it asks that server (the
 * database is held still only while its files are copied); with none it opens the data itself. PostgreSQL is
 * backed up with its own tools (docs/operations.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { controlSocketOf, requestBackup } from '#server/backup/backup-control.ts';
import type { BackupResult } from '#server/backup/backup-manifest.ts';
import { takeBackup } from '#server/backup/take-backup.ts';
import { lockDataDir, lockHolderOf } from '#server/db/embedded/data-dir-lock.ts';
import { copyDatabaseFiles } from '#server/db/embedded/data-files.ts';
import { embeddedConfigOrExit, fail } from './embedded-config.ts';

const config = embeddedConfigOrExit('back PostgreSQL up with pg_dump or point-in-time recovery');
const { dataDir } = config.database;
const outDir = path.resolve(process.argv[2] ?? config.backup?.dir ?? 'backups');

let result: BackupResult;
const holder = lockHolderOf(dataDir);
if (holder !== null) {
  const socket = controlSocketOf(dataDir);
  if (!socket)
    fail(`A server (pid ${holder}) uses ${dataDir} but takes no backup requests: stop it, or upgrade it.`);
  console.log(`Asking the running server (pid ${holder}) for a backup…`);
  result = await requestBackup(socket, outDir).catch((error: Error) =>
    fail(`The backup failed: ${error.message}`),
  );
} else {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    fail(`There is no embedded database in ${dataDir} to back up.`);
  const lock = lockDataDir(dataDir);
  try {
    result = await takeBackup(
      {
        snapshotDatabase: async (into) => {
          const started = performance.now();
          copyDatabaseFiles(dataDir, into);
          return performance.now() - started;
        },
        mediaDir: config.media.dir,
      },
      outDir,
    );
  } catch (error) {
    fail(`The backup failed: ${(error as Error).message}`);
  } finally {
    lock.release();
  }
}
const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
console.log(
  `Backup written: ${result.file} (${megabytes} MB, ${result.files} files, ${result.ms} ms; ` +
    `the database was held still for ${result.pauseMs} ms)`,
);
