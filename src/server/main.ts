/**
 * Boot: configuration, then the database, then the rest of the server (serve.ts). Only what opening the database
 * needs is imported up front: the embedded database's thread starts at once, and the app's modules (every
 * feature, the providers) are evaluated while PGlite starts on it, instead of before.
 */
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { DataDirLockedError } from './db/embedded/data-dir-lock.ts';
import { freshDataTemplate } from './db/embedded/fresh-data-template.ts';
import { createLogger } from './lib/infra/logger.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  for (const warning of config.warnings) logger.warn(warning);

  const template =
    config.database.kind === 'embedded' ? freshDataTemplate(config.database.dataDir) : undefined;
  const opening = openDatabase(
    {
      ...config.database,
      ...(template ? { copyFrom: template } : {}),
      queueMax: config.limits.databaseQueueMax,
    },
    logger,
  ).then(async (database) => {
    await database.migrate();
    return database;
  });
  // Evaluated now, while the embedded database starts on its own thread.
  const serving = import('./serve.ts').then((module) => module.serve);

  let database: Database;
  try {
    database = await opening;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: message }, 'cannot open the database');
    if (error instanceof DataDirLockedError) console.error(message);
    process.exit(1);
  }
  const serve = await serving;
  await serve(config, logger, database);
}

await main();
