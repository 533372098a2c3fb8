import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the bundled server keeps an empty, migrated embedded database, written at build time
 * (scripts/build-server.ts) as a data directory beside the bundle. The sources have none.
 */
export const FRESH_DATA_TEMPLATE = fileURLToPath(new URL('./embedded-template', import.meta.url));

/**
 * The template a new data directory starts from, when there is one: a copy of its files (by the file system, on
 * the database's thread, data-files.ts) is ready in a fraction of the time PostgreSQL's initdb takes inside
 * WebAssembly, and without initdb's memory, which the WebAssembly heap never gives back; unpacking a PGlite dump
 * through PGlite's own file system took ~0.4 s of CPU more. A directory that holds a database already, or a
 * server run from its sources, starts as before. Migrations newer than the template run after the copy, as on
 * any database.
 */
export function freshDataTemplate(dataDir: string): string | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  return existsSync(FRESH_DATA_TEMPLATE) ? FRESH_DATA_TEMPLATE : undefined;
}
