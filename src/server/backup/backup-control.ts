import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type BackupResult, backupResultSchema } from './backup-manifest.ts';

/**
 * How `npm run backup` asks a running server for a backup. The server listens on a Unix socket in its
 * private temp folder (mode 0700: only its own user reaches it) and names that socket in `DATA_DIR/lumara.control`.
 * One JSON line each way: `{"type":"backup","outDir":…}`, then the result or the error.
 */
const CONTROL_FILE = 'lumara.control';

const requestSchema = z.object({ type: z.literal('backup'), outDir: z.string().min(1) });
const answerSchema = z.union([
  z.object({ ok: z.literal(true), result: backupResultSchema }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export function listenForBackupRequests(options: {
  dataDir: string;
  socketDir: string;
  takeBackup: (outDir: string) => Promise<BackupResult>;
}): Promise<{ close(): void }> {
  const socketPath = path.join(options.socketDir, 'control.sock');
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0) {
        if (buffer.length > 64 * 1024) socket.destroy();
        return;
      }
      const answer = (body: z.infer<typeof answerSchema>) => socket.end(`${JSON.stringify(body)}\n`);
      let request: z.infer<typeof requestSchema>;
      try {
        request = requestSchema.parse(JSON.parse(buffer.slice(0, end)));
      } catch {
        answer({ ok: false, error: 'Not a request this server understands' });
        return;
      }
      options.takeBackup(path.resolve(request.outDir)).then(
        (result) => answer({ ok: true, result }),
        (error: unknown) =>
          answer({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      writeFileSync(path.join(options.dataDir, CONTROL_FILE), socketPath);
      resolve({
        close() {
          server.close();
          rmSync(path.join(options.dataDir, CONTROL_FILE), { force: true });
        },
      });
    });
  });
}

/** The control socket a server on `dataDir` named, or null when none did. */
export function controlSocketOf(dataDir: string): string | null {
  try {
    return readFileSync(path.join(dataDir, CONTROL_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Asks the server behind `socketPath` for a backup into `outDir` and waits for it. */
export function requestBackup(socketPath: string, outDir: string): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ type: 'backup', outDir })}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        const answer = answerSchema.parse(JSON.parse(buffer));
        if (answer.ok) resolve(answer.result);
        else reject(new Error(answer.error));
      } catch {
        reject(new Error('The server gave no answer to the backup request'));
      }
    });
  });
}
