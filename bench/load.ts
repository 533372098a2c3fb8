/**
 * Load generation for the bench: autocannon's CLI in a process of its own, pinned to core 1 where `taskset`
 * exists, with the server pinned to core 0. BENCH_SECONDS sets the length of a measured run.
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { projectRoot } from '../tests/setup/server-process.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = 3;
export const CONNECTIONS = 50;
export const hasTaskset =
  spawnSync('sh', ['-c', 'command -v taskset'], { stdio: 'ignore' }).status === 0 && os.cpus().length >= 2;

export type Figures = {
  /**
   * Answers per second that were 2xx or the 304s a revalidation expects: a refusal (a 429 while the requests a
   * previous run left in flight still count against the member's allowance, a 503) is quick and would inflate it.
   */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, time-outs, and answers that were neither 2xx nor the 304s a revalidation expects. */
  errors: number;
  notModified: number;
};

export type LoadOptions = { connections: number; seconds: number; headers?: Record<string, string> };

/**
 * One load run in its own process (autocannon's CLI, pinned to core 1), so that two runs at once do not share an
 * event loop: a latency probe beside a load run measures the server, not the load generator.
 */
export async function load(url: string, options: LoadOptions): Promise<Figures> {
  const cli = path.join(projectRoot, 'node_modules/autocannon/autocannon.js');
  const args = ['-j', '-c', String(options.connections), '-d', String(options.seconds)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  const [command, commandArgs] = hasTaskset
    ? ['taskset', ['-c', '1', process.execPath, cli, ...args, url]]
    : [process.execPath, [cli, ...args, url]];
  const child = spawn(command as string, commandArgs as string[], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const result = JSON.parse(output) as autocannon.Result;
  const notModified = result['3xx'];
  return {
    requestsPerSecond: Math.round((result['2xx'] + notModified) / options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - notModified,
    notModified,
  };
}

/**
 * A warm-up run, then the measured one, with the same headers. In between, a pause: the warm-up's last requests,
 * cut off when it ended, are still being answered, and with the measured run's own they would be more than a
 * member may have in flight (429s, the first second of the run).
 */
export async function measureRoute(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await load(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return load(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
}

const SETTLE_MS = 1_000;

/**
 * Pins a process's main thread to one core. The server's database worker thread, started before, keeps both
 * cores: pinned beside the event loop on one core, the two would time-share it and the figure would measure the
 * scheduler, not whether the database blocks the event loop.
 */
export function pin(pid: number | undefined, core: number, allThreads = false): void {
  if (hasTaskset && pid)
    spawnSync('taskset', [allThreads ? '-apc' : '-pc', String(core), String(pid)], { stdio: 'ignore' });
}

/** One table row: requests/s, p50, p99 and errors. */
export const row = (name: string, f: Figures) =>
  `| ${name.padEnd(60)} | ${String(f.requestsPerSecond).padStart(7)} | ${String(f.p50).padStart(5)} | ${String(f.p99).padStart(5)} | ${String(f.errors).padStart(6)} |`;

export const tableHead = [
  `| ${'run'.padEnd(60)} |   req/s | p50ms | p99ms | errors |`,
  `|${'-'.repeat(62)}|---------|-------|-------|--------|`,
];
