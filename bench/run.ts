/**
 * `npm run bench`: prints figures, asserts nothing (quality-bars.md).
 * 1. Authenticated `GET /api/users/me` under 50 connections: requests/s and p99, beside a raw node:http server
 *    answering the same JSON in the same run, and their ratio.
 * 2. `/healthz` p99 alone, and while 50 other connections keep the embedded database busy with `/api/users/me`
 *    (the proof that the database, in its worker thread, does not block the event loop).
 * 3. `GET /api/tasks` for a member with 1,000 tasks, beside a raw node:http server answering the same JSON.
 * 4. Streamed chat replies through `POST /api/chat/stream` beside the same stream read from the provider
 *    (bench/chat-stream.ts).
 * 5. Media generation, saving into the store, the gallery and stored files (bench/media.ts).
 * 6. Live event delivery under 50 open streams, on one server and across two on PostgreSQL and Redis
 *    (bench/event-latency.ts).
 * Server and load generator are pinned to different cores where `taskset` exists. BENCH_SECONDS sets the length;
 * BENCH_ONLY=media or BENCH_ONLY=events runs part 5 or 6 alone.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { projectRoot, startServerProcess } from '../tests/setup/server-process.ts';
import { dashboardFirstLoadJavaScript, firstLoadJavaScript } from './bundle-size.ts';
import { measureChatStreaming } from './chat-stream.ts';
import { measureEventLatency } from './event-latency.ts';
import { measureMedia } from './media.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
const hasTaskset =
  spawnSync('sh', ['-c', 'command -v taskset'], { stdio: 'ignore' }).status === 0 && os.cpus().length >= 2;

type Figures = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * One load run in its own process (autocannon's CLI, pinned to core 1), so that two runs at once do not share an
 * event loop: a latency probe beside a load run measures the server, not the load generator.
 */
async function load(
  url: string,
  options: { connections: number; seconds: number; cookie?: string },
): Promise<Figures> {
  const cli = path.join(projectRoot, 'node_modules/autocannon/autocannon.js');
  const args = ['-j', '-c', String(options.connections), '-d', String(options.seconds)];
  if (options.cookie) args.push('-H', `cookie=${options.cookie}`);
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
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function warm(url: string, cookie?: string): Promise<void> {
  await load(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, ...(cookie ? { cookie } : {}) });
}

/**
 * Pins a process's main thread to one core. The server's database worker thread, started before, keeps both
 * cores: pinned beside the event loop on one core, the two would time-share it and the figure would measure the
 * scheduler, not whether the database blocks the event loop.
 */
function pin(pid: number | undefined, core: number, allThreads = false): void {
  if (hasTaskset && pid)
    spawnSync('taskset', [allThreads ? '-apc' : '-pc', String(core), String(pid)], { stdio: 'ignore' });
}

async function startRawServer(body: string): Promise<{ url: string; child: ChildProcess }> {
  const bodyFile = path.join(os.tmpdir(), `lumara-bench-body-${process.pid}.json`);
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [path.join(projectRoot, 'bench/raw-server.ts')], {
    env: { ...process.env, RAW_BODY_FILE: bodyFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) =>
      resolve((JSON.parse(chunk.toString()) as { port: number }).port),
    );
    child.once('exit', (code) => reject(new Error(`raw server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const row = (name: string, f: Figures) =>
  `| ${name.padEnd(52)} | ${String(f.requestsPerSecond).padStart(7)} | ${String(f.p50).padStart(5)} | ${String(f.p99).padStart(5)} | ${String(f.errors + f.non2xx).padStart(6)} |`;

/** The same JSON from a bare node:http server, measured right before the route it mirrors. */
async function rawCeiling(body: string): Promise<Figures> {
  const raw = await startRawServer(body);
  // The ceiling gets the whole core, helper threads included.
  pin(raw.child.pid, 0, true);
  try {
    await warm(`${raw.url}/`);
    return await load(`${raw.url}/`, { connections: CONNECTIONS, seconds: SECONDS });
  } finally {
    raw.child.kill('SIGTERM');
  }
}

async function measureRoute(url: string, cookie: string): Promise<Figures> {
  await warm(url, cookie);
  return load(url, { connections: CONNECTIONS, seconds: SECONDS, cookie });
}

/** Gives the bench member this many tasks, through the API as the browser would add them. */
async function seedTasks(baseUrl: string, cookie: string, howMany: number): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: baseUrl, cookie };
  for (let i = 0; i < howMany; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, howMany - i) }, (_, j) =>
        fetch(`${baseUrl}/api/tasks`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            title: `Bench task ${i + j}`,
            labels: ['admin', 'personal'],
            due_date: '2026-12-01',
          }),
        }).then((response) => {
          if (response.status !== 201) throw new Error(`seeding a task failed: ${response.status}`);
        }),
      ),
    );
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only === undefined) await measureServer();
  if (only === undefined || only === 'media') {
    const mediaDataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-media-'));
    try {
      console.log(`\n${(await measureMedia(signInOverHttp, mediaDataDir)).join('\n')}`);
    } finally {
      rmSync(mediaDataDir, { recursive: true, force: true });
    }
  }
  if (only === undefined || only === 'events') console.log(`\n${(await measureEventLatency()).join('\n')}`);
}

/** Parts 1 to 4. */
async function measureServer(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-'));
  // Request logging stays on (one JSON line per request, as in production): it is part of what is measured.
  const lumara = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development' });
  pin(lumara.child.pid, 0);
  try {
    const cookie = await signInOverHttp(lumara.url);
    console.log(
      `Lumara bench: ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections,`,
    );
    console.log(
      `node ${process.version}, ${os.cpus().length} cores, pinned: ${hasTaskset ? 'server event loop core 0, load core 1' : 'no'}\n`,
    );

    const meBody = await (await fetch(`${lumara.url}/api/users/me`, { headers: { cookie } })).text();
    const rawMe = await rawCeiling(meBody);
    const me = await measureRoute(`${lumara.url}/api/users/me`, cookie);

    const healthAlone = await load(`${lumara.url}/healthz`, { connections: 1, seconds: SECONDS });
    const [healthUnderLoad, dbLoad] = await Promise.all([
      load(`${lumara.url}/healthz`, { connections: 1, seconds: SECONDS }),
      load(`${lumara.url}/api/users/me`, { connections: CONNECTIONS, seconds: SECONDS, cookie }),
    ]);

    await seedTasks(lumara.url, cookie, 1000);
    const tasksBody = await (await fetch(`${lumara.url}/api/tasks`, { headers: { cookie } })).text();
    const rawTasks = await rawCeiling(tasksBody);
    const taskList = await measureRoute(`${lumara.url}/api/tasks`, cookie);

    console.log(
      '| run                                                  |   req/s | p50ms | p99ms | errors |',
    );
    console.log(
      '|------------------------------------------------------|---------|-------|-------|--------|',
    );
    console.log(row('raw node:http, the /api/users/me JSON (ceiling)', rawMe));
    console.log(row('GET /api/users/me, signed in (embedded database)', me));
    console.log(row('GET /healthz, 1 connection, idle', healthAlone));
    console.log(row('GET /healthz, 1 connection, while 50 load the database', healthUnderLoad));
    console.log(row('  ...the 50 connections on /api/users/me meanwhile', dbLoad));
    console.log(
      row(`raw node:http, the 1,000-task JSON (${Math.round(tasksBody.length / 1024)} KB)`, rawTasks),
    );
    console.log(row('GET /api/tasks, member with 1,000 tasks', taskList));
    const meRatio = me.requestsPerSecond / rawMe.requestsPerSecond;
    const tasksRatio = taskList.requestsPerSecond / rawTasks.requestsPerSecond;
    console.log(`\n/api/users/me ÷ raw node:http = ${meRatio.toFixed(3)}`);
    console.log(`/healthz p99 under database load = ${healthUnderLoad.p99} ms (idle ${healthAlone.p99} ms)`);
    console.log(`/api/tasks (1,000 tasks) ÷ raw node:http = ${tasksRatio.toFixed(3)}`);
    const bundle = firstLoadJavaScript();
    console.log(
      bundle
        ? `first-load JavaScript of /login = ${bundle.totalKiB.toFixed(1)} KiB gzip (budget 150)`
        : 'first-load JavaScript: no build (npm run build)',
    );
    const dashboardBundle = dashboardFirstLoadJavaScript();
    if (dashboardBundle) {
      console.log(`first-load JavaScript of / = ${dashboardBundle.totalKiB.toFixed(1)} KiB gzip`);
    }

    const resultsDir = path.join(projectRoot, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify(
        {
          node: process.version,
          seconds: SECONDS,
          rawMe,
          me,
          meRatio,
          healthAlone,
          healthUnderLoad,
          dbLoad,
          rawTasks,
          taskList,
          tasksRatio,
        },
        null,
        2,
      ),
    );
  } finally {
    await lumara.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const chatDataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-chat-'));
  try {
    console.log(`\n${(await measureChatStreaming(signInOverHttp, chatDataDir)).join('\n')}`);
  } finally {
    rmSync(chatDataDir, { recursive: true, force: true });
  }
}

await main();
