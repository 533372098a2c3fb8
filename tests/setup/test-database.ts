import { randomBytes } from 'node:crypto';
import type { NetConnectOpts } from 'node:net';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/database.ts';

/**
 * Where the server suite runs: the embedded PGlite by default, a real PostgreSQL when TEST_DATABASE_URL is
 * set. Either way the schema is migrated once (global setup) and every test file gets a fresh copy of it
 * (tests never share data): a PGlite started from the migrated dump, or a database created from a migrated
 * template.
 */
export type TemplateInfo =
  | { kind: 'embedded'; dumpPath: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function withAdminClient<T>(
  adminUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file; `close()` removes it. */
export async function openFreshDatabase(template: TemplateInfo): Promise<Database> {
  if (template.kind === 'embedded') {
    return openDatabase({ kind: 'embedded', dataDir: null, loadFrom: template.dumpPath, poolMax: 5 });
  }
  const name = uniqueDatabaseName('lumara_test');
  await withAdminClient(template.adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${template.templateName}"`),
  );
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrlWithName(template.adminUrl, name),
    poolMax: 5,
  });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await withAdminClient(template.adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/**
 * How to reach a test database again: its own URL, where it listens (its Unix socket, or its host and port), and
 * the URL that reaches it through another local port, for a fault proxy put between the app and the database.
 */
export function databaseAddress(database: Database): {
  url: string;
  target: NetConnectOpts;
  urlThrough(port: number): string;
} {
  const options = database.pool.options as pg.PoolConfig;
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    return {
      url: options.connectionString,
      target: { host: url.hostname, port: Number(url.port || 5432) },
      urlThrough(port) {
        const through = new URL(url);
        through.hostname = '127.0.0.1';
        through.port = String(port);
        return through.toString();
      },
    };
  }
  return {
    url: `postgres://postgres@localhost:${options.port}/postgres?host=${encodeURIComponent(String(options.host))}`,
    target: { path: `${options.host}/.s.PGSQL.${options.port}` },
    urlThrough: (port) => `postgres://postgres@127.0.0.1:${port}/postgres`,
  };
}
