/**
 * The server once its database is open and migrated (main.ts): the services several servers share, the app, the
 * HTTP server, graceful shutdown and backups. main.ts imports this module while the embedded database starts on its
 * own thread, so evaluating every feature's code and opening the database overlap.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createApp, MAX_BODY_BYTES } from './app.ts';
import { listenForBackupRequests } from './backup/backup-control.ts';
import { scheduleBackups } from './backup/backup-schedule.ts';
import { takeBackup } from './backup/take-backup.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createIdentityProvider } from './features/auth/create-identity-provider.ts';
import { scheduleSignInSweep } from './features/auth/sign-in-sweep.ts';
import { createHttpServer } from './http-server.ts';
import { redirectOtherLoopbackNames } from './lib/http/loopback-redirect.ts';
import { securityHeadersByPath } from './lib/http/security-headers.ts';
import type { Logger } from './lib/infra/logger.ts';
import { openScaleOutServices, type ScaleOutServices } from './lib/infra/scale-out-services.ts';
import { createAiProviders } from './providers/ai-providers.ts';

/** How long in-flight requests may take to finish after SIGTERM before the process exits anyway. */
const DRAIN_MS = 10_000;
const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

export async function serve(config: Config, logger: Logger, database: Database): Promise<void> {
  let shared: ScaleOutServices;
  try {
    shared = await openScaleOutServices(config, logger);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: message }, 'cannot reach a shared part');
    console.error(`Lumara cannot start: ${message}`);
    await database.close();
    process.exit(1);
  }

  const now = () => new Date();
  const closing = new AbortController();
  const webBuilt = existsSync(`${webRoot}/index.html`);
  if (!webBuilt)
    logger.warn({ webRoot }, 'the browser app is not built (npm run build): serving the API only');
  const app = createApp({
    database,
    appUrl: config.appUrl,
    identityProvider: createIdentityProvider(config.signIn, { appUrl: config.appUrl, logger, now }),
    logger,
    now,
    ai: createAiProviders(config.ai),
    closing: closing.signal,
    operators: config.operators,
    clientAddress: config.clientAddress,
    refuseTestingEmailDomains: config.env === 'production',
    media: config.media,
    push: config.push,
    ...(config.calendarFeedSecret ? { calendarFeedSecret: config.calendarFeedSecret } : {}),
    ...(shared.mediaStore ? { mediaStore: shared.mediaStore } : {}),
    ...(shared.events ? { events: shared.events } : {}),
    ...(shared.redisLimits ? { redisLimits: shared.redisLimits } : {}),
    probes: shared.probes,
    limits: config.limits,
    ...(webBuilt ? { webRoot } : {}),
    securityHeadersSetByServer: true,
  });

  // Outside production, a page opened on 127.0.0.1 when APP_URL says localhost moves to APP_URL's name.
  const answer = redirectOtherLoopbackNames(app.fetch, {
    appUrl: config.appUrl,
    production: config.env === 'production',
  });
  const server = createHttpServer(answer, {
    ...config.limits.http,
    maxBodyBytes: MAX_BODY_BYTES,
    headers: securityHeadersByPath({ https: config.appUrl.protocol === 'https:' }),
  });
  server.once('error', (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error.message, code: error.code }, 'cannot listen');
    console.error(`Lumara cannot listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });
  let backups: { stop(): Promise<void> } = { stop: async () => {} };
  // Ended sessions and abandoned sign-ins leave the database on every server's schedule (safe with any number).
  const stopSignInSweep = scheduleSignInSweep({ db: database.db, logger, now });
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // Live-event streams never finish on their own: end them now rather than at the end of the drain.
    closing.abort();
    const forceExit = setTimeout(() => {
      logger.warn('drain took too long, exiting');
      process.exit(1);
    }, DRAIN_MS + 5_000);
    forceExit.unref();
    server.close(async () => {
      stopSignInSweep();
      await backups.stop();
      await shared.close();
      await database.close();
      logger.info('stopped cleanly');
      process.exit(0);
    });
    // Keep-alive sockets with no request in flight would hold close() open.
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      {
        port,
        url: config.env === 'production' ? config.appUrl.origin : `http://localhost:${port}`,
        node: process.version,
        database:
          config.database.kind === 'embedded'
            ? `embedded (PGlite) in ${config.database.dataDir}`
            : 'postgres',
        signIn: config.signIn.mode,
      },
      'Lumara is listening',
    );
  });

  // After the handlers: a SIGTERM while backups start must still stop the server cleanly (Node's default for an
  // unhandled SIGTERM ends the process at once, leaving the embedded database's socket folder behind).
  backups = await startBackups(config, database, logger);
}

/**
 * Backups of the embedded database on disk: `npm run backup` reaches this server through its control
 * socket, and `BACKUP_DIR`/`BACKUP_EVERY` schedule them. Nothing on PostgreSQL (pg_dump and PITR do it there).
 */
async function startBackups(config: Config, database: Database, logger: Logger) {
  if (config.database.kind !== 'embedded' || !database.runtimeDir) return { stop: async () => {} };
  const source = { snapshotDatabase: (into: string) => database.snapshot(into), mediaDir: config.media.dir };
  const backUp = (outDir: string) => takeBackup(source, outDir);
  const control = await listenForBackupRequests({
    dataDir: config.database.dataDir,
    socketDir: database.runtimeDir,
    takeBackup: backUp,
  });
  const stopSchedule = config.backup
    ? scheduleBackups({ ...config.backup, takeBackup: backUp, logger })
    : async () => {};
  return {
    async stop() {
      control.close();
      await stopSchedule();
    },
  };
}
