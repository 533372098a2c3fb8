/**
 * Bundles the server for `npm start` into dist/server: `main.mjs` (start-up and the database), the chunks it imports
 * next (serve.ts and everything behind it) and, beside them, the worker threads (the embedded database's
 * `embedded-worker.mjs`, the account import's `archive-reader-worker.mjs`), the migrations, and the migrated empty
 * database a new data directory starts from (fresh-data-template.ts). Bundled, the server skips what running the sources
 * costs at every start: stripping the types of each of its files, and resolving each import through the
 * packages' `package.json` files (drizzle-orm's alone is 179 KB, read for each of the ~100 files that import it).
 * Development and the tests keep running the sources directly.
 *
 * PGlite stays outside the bundle: it finds its WebAssembly and data files beside its own modules. So do the
 * optional native `pg` binding and anything the server only resolves at run time (import.meta.resolve).
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';
import { openDatabase } from '../src/server/db/database.ts';
import { FRESH_DATA_TEMPLATE } from '../src/server/db/embedded/fresh-data-template.ts';
import { projectRoot } from './run-steps.ts';

export const serverOutDir = path.join(projectRoot, 'dist/server');

export async function buildServer(): Promise<void> {
  rmSync(serverOutDir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(projectRoot, 'src/server/main.ts'),
      'embedded-worker': path.join(projectRoot, 'src/server/db/embedded/embedded-worker.ts'),
      'archive-reader-worker': path.join(projectRoot, 'src/server/features/account/archive-reader-worker.ts'),
    },
    outdir: serverOutDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // serve.ts (every feature, the providers) in chunks of its own: main.mjs then starts the embedded database's
    // thread after reading a few hundred kilobytes instead of the whole server (src/server/main.ts). The chunks
    // sit beside main.mjs: modules find their neighbours (workers, migrations, dist/web) from their own URL.
    splitting: true,
    target: 'node24',
    packages: 'bundle',
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', '@electric-sql/pglite-socket', 'pg-native'],
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live as long as the process that built: the server, under `npm start`.
  await stop();
  cpSync(path.join(projectRoot, 'src/server/db/migrations'), path.join(serverOutDir, 'migrations'), {
    recursive: true,
  });
  await writeFreshDataTemplate(path.join(serverOutDir, path.basename(FRESH_DATA_TEMPLATE)));
}

/** An empty embedded database with every migration applied, on disk: what a new data directory starts from. */
async function writeFreshDataTemplate(toPath: string): Promise<void> {
  const database = await openDatabase({ kind: 'embedded', dataDir: toPath, poolMax: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

if (import.meta.main) await buildServer();
