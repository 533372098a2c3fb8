import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '#tests/setup/server-process.ts';
import { folderForPostgres, isRoot } from './chaos-kit.ts';

const execFileAsync = promisify(execFile);

export type PrivatePostgres = {
  /** postgres://… for a database of this cluster. */
  urlFor(database: string): string;
  createDatabase(name: string): void;
  /**
   * `pg_ctl restart -m fast`: every connection is terminated; the server takes connections again when this
   * resolves. Runs as a child process without blocking, so clients keep measuring meanwhile.
   */
  restart(): Promise<void>;
  stop(): void;
};

/**
 * A PostgreSQL cluster of the chaos suite's own (initdb in a temp folder, its own port), so restarting it under
 * load disturbs nothing else on the machine. Uses the machine's PostgreSQL binaries (run as `postgres` when we are
 * root, since PostgreSQL refuses root); null where there are none.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres | null> {
  const bin = findPostgresBin();
  if (!bin) return null;
  const dir = folderForPostgres('pg');
  const dataDir = path.join(dir, 'data');
  const port = await findFreePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const run = (command: string, args: string[]) => {
    const full = path.join(bin, command);
    if (isRoot()) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'ignore' });
    else execFileSync(full, args, { stdio: 'ignore' });
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run('pg_ctl', ['start', '-D', dataDir, '-w', '-l', path.join(dir, 'server.log'), '-o', options]);
  return {
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase(name) {
      run('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-c',
        `CREATE DATABASE "${name}"`,
      ]);
    },
    async restart() {
      const args = [
        'restart',
        '-D',
        dataDir,
        '-m',
        'fast',
        '-w',
        '-l',
        path.join(dir, 'server.log'),
        '-o',
        options,
      ];
      const full = path.join(bin, 'pg_ctl');
      if (isRoot()) await execFileAsync('runuser', ['-u', 'postgres', '--', full, ...args]);
      else await execFileAsync(full, args);
    },
    stop() {
      try {
        run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}
