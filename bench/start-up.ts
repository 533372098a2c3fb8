/**
 * How long `npm start` takes to be ready: from spawning `npm start` (npm's own start and the staleness check
 * included) until `GET /readyz` first answers 200, polled every 10 ms, on a built tree. Two cases: a data
 * directory that already holds a database, and a fresh one. Each run starts npm in a process group of its own
 * and ends that group (SIGTERM, then SIGKILL if it lingers) before the next run. Medians of several runs.
 *
 * `node bench/start-up.ts [runs] [-- command …]` prints the figures alone (default 5 runs of each case, of
 * `npm start`; build first), e.g. `-- node scripts/start.ts` to time one step alone; bench/run.ts prints them as
 * its `start` part.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, projectRoot } from '../tests/setup/server-process.ts';

const POLL_MS = 10;
const NPM_START = ['npm', 'start', '--silent'];
const TIMEOUT_MS = 60_000;

/** Per run: wall time to ready, and the CPU time the process group (npm, its shell, the server) had used by then. */
type Run = { ms: number; cpuMs: number };
type StartUpFigures = { existing: Run[]; fresh: Run[] };

/** Times one `npm start` until /readyz answers 200, then ends its process group. */
async function timeOneStart(dataDir: string, command: string[]): Promise<Run> {
  const port = await findFreePort();
  const started = performance.now();
  const [program = 'npm', ...args] = command;
  const child = spawn(program, args, {
    cwd: projectRoot,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (answer) => {
          await answer.arrayBuffer();
          return answer.status === 200;
        },
        () => false,
      );
      const ms = performance.now() - started;
      if (ready) return { ms, cpuMs: groupCpuMs(child.pid ?? 0) };
      if (gone) throw new Error(`npm start exited before it was ready:\n${output}`);
      if (ms > TIMEOUT_MS) throw new Error(`npm start was not ready in ${TIMEOUT_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await endGroup(child, exited);
  }
}

/**
 * The CPU time used so far by every process of a group, its reaped children included (Linux /proc; 0 elsewhere):
 * on a shared, loaded machine the wall time says more about the neighbours than about the start.
 */
function groupCpuMs(group: number): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After the command name: state, ppid, pgrp, … utime (14th field), stime, cutime, cstime.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) !== group) continue;
        for (const index of [11, 12, 13, 14]) ticks += Number(fields[index]);
      } catch {
        // Gone meanwhile.
      }
    }
  } catch {
    return 0;
  }
  return ticks * 10;
}

/** SIGTERM to the whole group (npm, its shell, the server), SIGKILL after 15 s, and wait until none is left. */
async function endGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const group = -(child.pid ?? 0);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false;
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 15_000;
  await exited;
  // The server may outlive npm by the moment its graceful shutdown takes: the data directory stays locked till then.
  while (signal(0 as unknown as NodeJS.Signals)) {
    if (Date.now() > deadline) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function measureStartUp(runs = 5, command = NPM_START): Promise<StartUpFigures> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lumara-start-'));
  try {
    const existingDir = path.join(root, 'existing');
    // The first start makes the database (and warms the compile cache); every later one opens it.
    await timeOneStart(existingDir, command);
    const existing: Run[] = [];
    const fresh: Run[] = [];
    for (let i = 0; i < runs; i++) {
      existing.push(await timeOneStart(existingDir, command));
      const freshDir = path.join(root, `fresh-${i}`);
      fresh.push(await timeOneStart(freshDir, command));
      rmSync(freshDir, { recursive: true, force: true });
    }
    return { existing, fresh };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export function startUpLines(f: StartUpFigures): string[] {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const line = (label: string, runs: Run[], goal: number) =>
    `  ${label}: median ${seconds(median(runs.map((r) => r.ms)))} s (goal ≤ ${goal} s), CPU ${seconds(median(runs.map((r) => r.cpuMs)))} s; runs ${runs.map((r) => Math.round(r.ms)).join(', ')} ms`;
  return [
    `npm start to /readyz 200 on a built tree (load average ${os.loadavg()[0]?.toFixed(2)}):`,
    line('existing data', f.existing, 0.6),
    line('fresh data directory', f.fresh, 2),
  ];
}

if (import.meta.main) {
  const dashes = process.argv.indexOf('--');
  const command = dashes > 0 ? process.argv.slice(dashes + 1) : NPM_START;
  const runs = Number((dashes === 2 ? undefined : process.argv[2]) ?? 5);
  console.log(`${command.join(' ')}:`);
  console.log(startUpLines(await measureStartUp(runs, command)).join('\n'));
}
