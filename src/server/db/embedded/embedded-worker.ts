/**
 * Runs the embedded PostgreSQL (PGlite, WebAssembly) on its own thread and serves it over the PostgreSQL wire
 * protocol on a Unix socket, so the app reaches it through the same `pg` pool it uses for a real server and a
 * busy database never stalls the main event loop (architecture.md, "Data").
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { installBatchedSocketHandler } from './batched-socket-handler.ts';
import { copyDatabaseFiles, copyDataDirTemplate } from './data-files.ts';
import type { EmbeddedWorkerData, FromEmbeddedWorker, ToEmbeddedWorker } from './embedded-protocol.ts';

const port = parentPort;
if (!port) throw new Error('embedded-worker.ts must run as a worker thread');
const options = workerData as EmbeddedWorkerData;

/**
 * PostgreSQL's defaults size a server of its own; PGlite runs inside Lumara's process, where every buffer is
 * WebAssembly memory that is never given back. 128 MB of shared buffers put the idle server at ~570 MiB; 16 MB,
 * enough for one member's or a small team's working set (the files stay in the OS page cache beneath), start it
 * about 150 ms sooner and ~150 MiB smaller (the aim: an idle server under 300 MiB).
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB'];

function send(message: FromEmbeddedWorker): void {
  port?.postMessage(message);
}

installBatchedSocketHandler();

try {
  if (options.copyFrom && options.dataDir) copyDataDirTemplate(options.copyFrom, options.dataDir);
  const loadDataDir = options.loadFrom ? new Blob([await readFile(options.loadFrom)]) : undefined;
  const db = await PGlite.create(options.dataDir ?? 'memory://', {
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
  });
  const server = new PGLiteSocketServer({
    db,
    path: options.socketPath,
    maxConnections: options.maxConnections,
  });
  await server.start();

  port.on('message', async (message: ToEmbeddedWorker) => {
    try {
      if (message.type === 'dump') {
        const dump = await db.dumpDataDir('gzip');
        const { writeFile } = await import('node:fs/promises');
        await writeFile(message.path, Buffer.from(await dump.arrayBuffer()));
        send({ type: 'dumped' });
      } else if (message.type === 'snapshot') {
        if (!options.dataDir) throw new Error('An in-memory database has no files to snapshot');
        // Synchronous, with no await before or inside it: no query of this thread's PGlite runs meanwhile.
        const started = performance.now();
        copyDatabaseFiles(options.dataDir, message.into);
        send({ type: 'snapshotted', ms: performance.now() - started });
      } else if (message.type === 'stop') {
        await server.stop();
        await db.close();
        send({ type: 'stopped' });
        port.close();
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
