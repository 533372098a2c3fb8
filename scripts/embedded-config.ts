import { type Config, ConfigError, loadConfig } from '#server/config.ts';

/** Ends an operator's command with a message on stderr and exit code 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * The configuration of a command that works on the embedded database (`npm run backup`, `npm run restore`): the
 * same variables as the server reads, and a stop with `onPostgres` when DATABASE_URL points elsewhere.
 */
export function embeddedConfigOrExit(onPostgres: string): Config & {
  database: Extract<Config['database'], { kind: 'embedded' }>;
} {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  if (config.database.kind !== 'embedded') fail(`DATABASE_URL is set: ${onPostgres} (docs/operations.md).`);
  return { ...config, database: config.database };
}
