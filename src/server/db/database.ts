/**
 * Opens the database: the embedded one (PGlite in a worker thread, reached over a Unix socket) or PostgreSQL, behind
 * one `pg` pool and Drizzle. This module is light to import: the driver, Drizzle and the schema are imported when a
 * database is opened, while the embedded database's thread starts (main.ts opens it before the app is loaded).
 */
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { defaultLimits } from '#server/config.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import { type DataDirLock, lockDataDir } from './embedded/data-dir-lock.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded/embedded-database.ts';
import type * as schema from './schema.ts';

/**
 * Drizzle over the pool. `$client` is the pool itself, for the few hot queries sent as fixed SQL text (the session
 * look-up on every request): Drizzle builds a query anew on each call, which costs more than the query itself.
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type Database = {
  db: Db;
  pool: pg.Pool;
  kind: 'postgres' | 'embedded';
  /** The embedded database's private folder in the temp directory (its sockets live there); null on PostgreSQL. */
  runtimeDir: string | null;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers whether the database takes a query right now. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Embedded only: writes a gzip tarball of the data directory (used to copy a migrated template in tests). */
  dump(toPath: string): Promise<void>;
  /**
   * Embedded, on disk only: copies the database's files into `into` at one instant, a consistent snapshot taken
   * while the server runs (backups). Answers how many milliseconds the database was held still.
   */
  snapshot(into: string): Promise<number>;
  close(): Promise<void>;
};

/** `queueMax`: requests that may wait for a connection before the next one is refused (bounded-pool.ts). */
export type DatabaseOptions = (
  | { kind: 'postgres'; url: string }
  /**
   * dataDir null keeps the database in memory; loadFrom starts it from a dump; copyFrom starts a new data directory
   * from a copy of a template directory (fresh-data-template.ts).
   */
  | { kind: 'embedded'; dataDir: string | null; loadFrom?: string; copyFrom?: string }
) & { poolMax: number; queueMax?: number };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions, logger?: Logger): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let lock: DataDirLock | undefined;

  // The embedded database's thread starts first (synchronously, in this call), then the modules load beside it.
  if (options.kind === 'embedded' && options.dataDir) lock = lockDataDir(options.dataDir);
  const starting =
    options.kind === 'embedded'
      ? startEmbeddedDatabase({
          dataDir: options.dataDir,
          ...(options.loadFrom ? { loadFrom: options.loadFrom } : {}),
          ...(options.copyFrom ? { copyFrom: options.copyFrom } : {}),
          // The pool's connections, and room for one replaced after a failure.
          maxConnections: options.poolMax + 2,
        })
      : undefined;
  // Handled below, after the imports: a start that fails meanwhile is not an unhandled rejection.
  starting?.catch(() => {});
  const [{ drizzle }, { migrate }, { BoundedPool }, schemaModule] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./bounded-pool.ts'),
    import('./schema.ts'),
  ]);

  let poolConfig: pg.PoolConfig = options.kind === 'postgres' ? { connectionString: options.url } : {};
  if (starting) {
    try {
      embedded = await starting;
    } catch (error) {
      lock?.release();
      throw error;
    }
    poolConfig = {
      host: embedded.socketDir,
      port: embedded.socketPort,
      user: 'postgres',
      database: 'postgres',
    };
  }

  const pool = new BoundedPool(
    {
      ...poolConfig,
      // Several connections to the embedded database share its one backend; the worker runs each client batch
      // whole (batched-socket-handler.ts, docs/decisions/0007-embedded-database-socket-batches.md).
      max: options.poolMax,
      // Fail fast when the database is gone instead of piling requests up behind it.
      connectionTimeoutMillis: 5_000,
      query_timeout: 15_000,
      idleTimeoutMillis: 30_000,
    },
    options.queueMax ?? defaultLimits().databaseQueueMax,
  );
  // A connection lost to a database restart, a failover or a network blip must never crash the process. The pool
  // listens for errors on idle clients only: a client checked out for a request (or held by a transaction
  // between its queries) has no listener, and its 'error' event would be unhandled and end the process. So every
  // client gets a listener of its own for its whole life. The query in flight fails (503 to its request), the
  // pool drops the broken client on release, and the next checkout connects anew.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger?.warn({ err: error.message }, 'database connection lost')),
  );
  // The pool re-emits an idle client's error; the client's own listener has logged it already.
  pool.on('error', () => {});

  const db = drizzle({ client: pool, schema: schemaModule });
  let closing: Promise<void> | undefined;

  return {
    db,
    pool,
    kind: options.kind,
    runtimeDir: embedded?.socketDir ?? null,
    async migrate() {
      await migrate(db, { migrationsFolder });
    },
    async ping(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pool.query('SELECT 1'),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
          }),
        ]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async dump(toPath) {
      if (!embedded) throw new Error('Only the embedded database can be dumped');
      await embedded.dump(toPath);
    },
    async snapshot(into) {
      if (!embedded || options.kind !== 'embedded' || !options.dataDir)
        throw new Error('Only the embedded database on disk can be snapshotted');
      return embedded.snapshot(into);
    },
    close() {
      closing ??= (async () => {
        await pool.end().catch(() => {});
        await embedded?.stop();
        lock?.release();
      })();
      return closing;
    },
  };
}
