import { closeSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive, readPidFile } from './process-alive.ts';

/**
 * PGlite takes no lock on its data directory, and two processes writing one directory corrupt it
 * (electric-sql/pglite#1106). So the server takes a pid lock file itself before it opens the database.
 */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Lumara server (pid ${pid}) is already using the embedded database in ${dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { release(): void };

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'lumara.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx' fails if the file exists: creating the lock is atomic.
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPidFile(lockPath);
      if (holder !== null && holder !== process.pid && isProcessAlive(holder))
        throw new DataDirLockedError(dataDir, holder);
      // The holder died without releasing (kill -9): the lock is stale, take it over.
      try {
        unlinkSync(lockPath);
      } catch {
        // Someone else removed it first; try again.
      }
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

/** The pid of the live process holding `dataDir`'s lock (a running server), or null when none does. */
export function lockHolderOf(dataDir: string): number | null {
  const holder = readPidFile(path.join(dataDir, 'lumara.lock'));
  return holder !== null && isProcessAlive(holder) ? holder : null;
}
