import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EmbeddedWorkerData, FromEmbeddedWorker, ToEmbeddedWorker } from './embedded-protocol.ts';
import { makeSocketDir } from './socket-dir.ts';

/**
 * The worker sits beside this module: `embedded-worker.ts` when the sources run directly (development, tests), and
 * `embedded-worker.mjs` beside the bundled server that `npm start` runs (scripts/build-server.ts).
 */
const OWN_EXTENSION = path.extname(fileURLToPath(import.meta.url));

export type EmbeddedDatabase = {
  /** Directory holding the `.s.PGSQL.5432` socket: `pg` takes it as `host`. */
  socketDir: string;
  socketPort: number;
  dump(toPath: string): Promise<void>;
  /**
   * Copies the database's files into `into` at one instant between operations (data-files.ts); answers how many
   * milliseconds the copy held the database still.
   */
  snapshot(into: string): Promise<number>;
  stop(): Promise<void>;
};

const SOCKET_PORT = 5432;

/** Starts PGlite in a worker thread and waits until it accepts connections on its Unix socket. */
export async function startEmbeddedDatabase(options: {
  dataDir: string | null;
  loadFrom?: string;
  copyFrom?: string;
  maxConnections: number;
}): Promise<EmbeddedDatabase> {
  const socketDir = makeSocketDir();
  const data: EmbeddedWorkerData = {
    dataDir: options.dataDir,
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections: options.maxConnections,
    ...(options.loadFrom ? { loadFrom: options.loadFrom } : {}),
    ...(options.copyFrom ? { copyFrom: options.copyFrom } : {}),
  };
  const worker = new Worker(new URL(`./embedded-worker${OWN_EXTENSION}`, import.meta.url), {
    workerData: data,
  });

  const next = (expected: FromEmbeddedWorker['type']) =>
    new Promise<FromEmbeddedWorker>((resolve, reject) => {
      const onMessage = (message: FromEmbeddedWorker) => {
        cleanup();
        if (message.type === expected) resolve(message);
        else
          reject(
            new Error(message.type === 'error' ? `Embedded database: ${message.message}` : message.type),
          );
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`Embedded database worker exited with code ${code}`));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  const post = (message: ToEmbeddedWorker) => worker.postMessage(message);

  try {
    await next('ready');
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    socketDir,
    socketPort: SOCKET_PORT,
    async dump(toPath) {
      const done = next('dumped');
      post({ type: 'dump', path: toPath });
      await done;
    },
    async snapshot(into) {
      const done = next('snapshotted');
      post({ type: 'snapshot', into });
      const answer = await done;
      return answer.type === 'snapshotted' ? answer.ms : 0;
    },
    stop() {
      stopping ??= (async () => {
        const done = next('stopped');
        post({ type: 'stop' });
        // A clean stop lets PGlite close its files; a worker that does not answer is ended anyway.
        await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]).catch(
          () => {},
        );
        await worker.terminate();
        rmSync(socketDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
