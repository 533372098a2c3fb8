/**
 * `npm run restore FILE`: replaces the embedded database in DATA_DIR (and the media store) with a backup made by
 * `npm run backup`. Refuses while a server runs on DATA_DIR; checks the whole archive and opens its database
 * before replacing anything; keeps the replaced data beside it (`<DATA_DIR>.before-restore-<time>`).
 */
import path from 'node:path';
import { BackupRefusedError, restoreBackup } from '#server/backup/restore-backup.ts';
import { DataDirLockedError, lockHolderOf } from '#server/db/embedded/data-dir-lock.ts';
import { embeddedConfigOrExit, fail } from './embedded-config.ts';

const file = process.argv[2];
if (!file) fail('Usage: npm run restore FILE   (a lumara-backup-….tar.gz made by npm run backup)');
const config = embeddedConfigOrExit('restore PostgreSQL with its own tools');
const running = lockHolderOf(config.database.dataDir);
if (running !== null)
  fail(
    `A Lumara server (pid ${running}) is running on ${config.database.dataDir}: stop it before restoring.\n` +
      'Nothing was restored.',
  );

try {
  const result = await restoreBackup({
    file: path.resolve(file),
    dataDir: config.database.dataDir,
    mediaDir: config.media.dir,
  });
  console.log(
    `Restored the backup of ${result.createdAt}: ${result.members} members, ${result.tasks} tasks, ` +
      `${result.mediaFiles} media files.`,
  );
  if (result.previousDataDir)
    console.log(`The data it replaced is in ${result.previousDataDir}; remove it once you are satisfied.`);
  if (result.previousMediaDir) console.log(`The media it replaced is in ${result.previousMediaDir}.`);
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`${error.message}\nNothing was restored.`);
  if (error instanceof BackupRefusedError) fail(`${error.message}\nNothing was restored.`);
  throw error;
}
