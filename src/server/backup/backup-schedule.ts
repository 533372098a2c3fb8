import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '#server/lib/infra/logger.ts';
import { BACKUP_FILE_PATTERN, type BackupResult } from './backup-manifest.ts';

/**
 * Scheduled backups (`BACKUP_DIR`, `BACKUP_EVERY`, `BACKUP_KEEP`): one every period, then the oldest beyond the
 * newest `keep` are removed. A failed backup is logged and tried again at the next period; it never stops the
 * server. Answers the function that stops the schedule (and waits for a backup in progress).
 */
export function scheduleBackups(options: {
  dir: string;
  everyMs: number;
  keep: number;
  takeBackup: (outDir: string) => Promise<BackupResult>;
  logger: Logger;
}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const once = async () => {
    try {
      const result = await options.takeBackup(options.dir);
      const removed = await pruneBackups(options.dir, options.keep);
      options.logger.info({ ...result, removed }, 'backup written');
    } catch (error) {
      options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'backup failed');
    }
  };
  const timer = setInterval(() => {
    running ??= once().finally(() => {
      running = null;
    });
  }, options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Removes all but the newest `keep` backups in `dir` (names sort by time); answers how many went. */
export async function pruneBackups(dir: string, keep: number): Promise<number> {
  const backups = (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  await Promise.all(old.map((name) => rm(path.join(dir, name), { force: true })));
  return old.length;
}
