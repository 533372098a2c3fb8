import { constants, cpSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's own entries in a data directory: `PG_VERSION`, `base`, `global`, `pg_*` and its configuration
 * files. The embedded database's data directory is `DATA_DIR` itself, which also holds Lumara's own entries (the
 * lock, by default the media store): those are never part of the database's files.
 */
const POSTGRES_ENTRY =
  /^(PG_VERSION|base|global|pg_[a-z_]+|postgresql(\.auto)?\.conf|pg_hba\.conf|pg_ident\.conf|postmaster\.opts)$/;

function isDatabaseEntry(name: string): boolean {
  return POSTGRES_ENTRY.test(name);
}

/**
 * Copies the database's files from `dataDir` into `into`, synchronously. Called on the embedded database's own
 * thread, between two of its operations, nothing else can write while it runs: the copy is the state a crash at
 * that instant would leave, which PostgreSQL's recovery turns into exactly the committed transactions (as after
 * a kill -9). Uses copy-on-write clones where the file system has them, so the pause is short there.
 */
export function copyDatabaseFiles(dataDir: string, into: string): void {
  mkdirSync(into, { recursive: true });
  for (const name of readdirSync(dataDir)) {
    if (!isDatabaseEntry(name)) continue;
    cpSync(path.join(dataDir, name), path.join(into, name), {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
    });
  }
}

/**
 * Starts a new data directory from a template (an empty database with every migration applied, written at build
 * time): its files are copied in by the file system, `PG_VERSION` last, so a copy cut short is never taken for a
 * database (fresh-data-template.ts looks for `PG_VERSION`) and is made again at the next start.
 */
export function copyDataDirTemplate(template: string, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const names = readdirSync(template).filter(isDatabaseEntry);
  for (const name of [...names.filter((n) => n !== 'PG_VERSION'), 'PG_VERSION']) {
    cpSync(path.join(template, name), path.join(dataDir, name), {
      recursive: true,
      force: true,
      mode: constants.COPYFILE_FICLONE,
    });
  }
}
