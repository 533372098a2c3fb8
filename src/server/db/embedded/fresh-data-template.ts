import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the bundled server keeps an empty, migrated embedded database, written at build time
 * (scripts/build-server.ts) as a PGlite dump beside the bundle. The sources have none.
 */
export const FRESH_DATA_TEMPLATE = fileURLToPath(new URL('./embedded-template.tar.gz', import.meta.url));

/**
 * The dump a new data directory starts from, when there is one: a copy of it is ready in a fraction of the time
 * PostgreSQL's initdb takes inside WebAssembly (~0.5 s instead of ~2.5 s), and without initdb's memory,
 * which the WebAssembly heap never gives back. A directory that holds a database already, or a server run from
 * its sources, starts as before.
 */
export function freshDataTemplate(dataDir: string): string | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  return existsSync(FRESH_DATA_TEMPLATE) ? FRESH_DATA_TEMPLATE : undefined;
}
