/**
 * `npm run bench`: prints figures, asserts nothing. In order:
 * 1. Framework overhead: `/healthz` beside a raw node:http server answering the same JSON; `/healthz` latency
 *    alone and while 50 other connections keep the embedded database busy (its worker thread must not block the
 *    event loop).
 * 2. Per database, the embedded one and, when DATABASE_URL is set, PostgreSQL (a fresh database made on that
 *    server and dropped after): cold start and idle memory, `GET /api/users/me` and `GET /api/tasks` (1,000 tasks,
 *    and its 304) beside the raw `pg` driver running the same look-ups, behind node:http and alone, and the list of
 *    a member with 50 tasks (bench/server-figures.ts).
 * 3. The browser's view of the built app: Lighthouse mobile and desktop, JavaScript over the wire, the calls and
 *    queries of one dashboard load (bench/browser-figures.ts), and the build's first-load JavaScript.
 * 4. Streamed chat replies beside the provider's own stream (bench/chat-stream.ts).
 * 5. Media generation, saving into the store, the gallery and stored files (bench/media.ts).
 * 6. Live event delivery under 50 open streams, on one server and across two on PostgreSQL and Redis
 *    (bench/event-latency.ts).
 * 7. Your data: import and export for a member with 10,000 tasks and 200 MB of media, with the server's peak
 *    memory (bench/account-archive.ts), and four hostile imports at once beside `/healthz`
 *    (bench/hostile-imports.ts).
 * 8. What the server does with a model's answer: the prompt optimizer's and community helpers' cleaning of an
 *    answer that opens our tag and runs on with whitespace, 4,000 and 100,000 characters (bench/model-output.ts).
 * 9. `GET /api/insights` for a member with a year of focus sessions and completions (bench/insights.ts).
 * 10. The calendar feed of a member with 10,000 dated tasks: its build time and size (bench/calendar-feed.ts).
 * 11. `npm start` to `/readyz` 200 on a built tree, on existing and on fresh data, npm and the staleness check
 *     included (bench/start-up.ts).
 * 12. The community at 1,000 and at 1,000,000 posts, PostgreSQL only (bench/community-scale.ts).
 * 13. 10,000 open live-event streams on one server, 20,000 on two behind nginx (bench/live-streams.ts).
 * Server and load generator are pinned to different cores where `taskset` exists. BENCH_SECONDS sets the length
 * of a run; BENCH_ONLY=server|browser|chat|media|events|account|output|insights|feed|start|community|streams runs
 * one part alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { projectRoot, startServerProcess } from '../tests/setup/server-process.ts';
import { databaseUrlWithName, uniqueDatabaseName, withAdminClient } from '../tests/setup/test-database.ts';
import { measureAccountArchive } from './account-archive.ts';
import { measureBrowserFiguresOnFreshServer } from './browser-figures.ts';
import { DASHBOARD_BUDGET, dashboardFirstLoadJavaScript, firstLoadJavaScript } from './bundle-size.ts';
import { measureCalendarFeed } from './calendar-feed.ts';
import { measureChatStreaming } from './chat-stream.ts';
import { measureCommunityScale } from './community-scale.ts';
import { measureEventLatency } from './event-latency.ts';
import { measureHostileImports } from './hostile-imports.ts';
import { measureInsights } from './insights.ts';
import { measureLiveStreams } from './live-streams.ts';
import {
  CONNECTIONS,
  type Figures,
  hasTaskset,
  load,
  measureRoute,
  pin,
  row,
  SECONDS,
  tableHead,
  WARMUP_SECONDS,
} from './load.ts';
import { measureMedia } from './media.ts';
import { measureModelOutput } from './model-output.ts';
import { type DatabaseTarget, measureServerFigures, serverFigureLines } from './server-figures.ts';
import { measureStartUp, startUpLines } from './start-up.ts';

const parts = [
  'server',
  'browser',
  'chat',
  'media',
  'events',
  'account',
  'output',
  'insights',
  'feed',
  'start',
  'community',
  'streams',
] as const;
type Part = (typeof parts)[number];
const only = process.env.BENCH_ONLY;
const runs = (part: Part) => only === undefined || only === part;
const results: Record<string, unknown> = { node: process.version, seconds: SECONDS };

async function main(): Promise<void> {
  console.log(
    `Lumara bench: ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections, ` +
      `node ${process.version}, ${os.cpus().length} cores, pinned: ${hasTaskset ? 'server event loop core 0, load core 1' : 'no'}`,
  );
  if (runs('server')) {
    await measureFrameworkOverhead();
    for (const target of await databaseTargets()) {
      try {
        const figures = await measureServerFigures(target);
        results[target.label] = figures;
        console.log(`\n${serverFigureLines(figures).join('\n')}`);
      } finally {
        await target.cleanup();
      }
    }
  }
  if (runs('browser')) await printBrowserFigures();
  if (runs('chat')) await withDataDir('chat', async (dir) => measureChatStreaming(signInOverHttp, dir));
  if (runs('media')) await withDataDir('media', async (dir) => measureMedia(signInOverHttp, dir));
  if (runs('events')) console.log(`\n${(await measureEventLatency()).join('\n')}`);
  if (runs('account')) {
    await withDataDir('account', async (dir) => measureAccountArchive(signInOverHttp, dir));
    await withDataDir('hostile-imports', async (dir) => measureHostileImports(signInOverHttp, dir));
  }
  if (runs('output')) console.log(`\n${measureModelOutput().join('\n')}`);
  if (runs('insights')) console.log(`\n${(await measureInsights()).join('\n')}`);
  if (runs('feed')) console.log(`\n${(await measureCalendarFeed()).join('\n')}`);
  if (runs('start')) {
    const start = await measureStartUp();
    results.start = start;
    console.log(`\n${startUpLines(start).join('\n')}`);
  }
  if (runs('community')) console.log(`\n${(await measureCommunityScale()).join('\n')}`);
  if (runs('streams')) console.log(`\n${(await measureLiveStreams()).join('\n')}`);

  const resultsDir = path.join(projectRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(resultsDir, `bench-${stamp}.json`), JSON.stringify(results, null, 2));
}

/** The embedded database always; PostgreSQL too when DATABASE_URL names a server (a fresh database on it). */
async function databaseTargets(): Promise<(DatabaseTarget & { cleanup(): Promise<void> })[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-'));
  const targets: (DatabaseTarget & { cleanup(): Promise<void> })[] = [
    {
      label: 'the embedded database (PGlite)',
      serverEnv: { DATA_DIR: dataDir },
      rawEnv: { RAW_DATA_DIR: dataDir },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    },
  ];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = uniqueDatabaseName('lumara_bench');
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const url = databaseUrlWithName(serverUrl, name);
    const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-pg-'));
    targets.push({
      label: `PostgreSQL at ${new URL(serverUrl).host}`,
      serverEnv: { DATABASE_URL: url, DATA_DIR: pgDataDir },
      rawEnv: { RAW_DATABASE_URL: url },
      cleanup: async () => {
        rmSync(pgDataDir, { recursive: true, force: true });
        await withAdminClient(serverUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        );
      },
    });
  } else {
    console.log(
      '\n(DATABASE_URL is not set: the server figures are measured on the embedded database only.)',
    );
  }
  return targets;
}

/** `/healthz` beside raw node:http, and `/healthz` while the embedded database is kept busy. */
async function measureFrameworkOverhead(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-health-'));
  // Request logging stays on (one JSON line per request, as in production): it is part of what is measured.
  const lumara = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'development' });
  pin(lumara.child.pid, 0);
  try {
    const cookie = await signInOverHttp(lumara.url);
    const healthBody = await (await fetch(`${lumara.url}/healthz`)).text();
    const rawHealth = await rawCeiling(healthBody);
    const health = await measureRoute(`${lumara.url}/healthz`);
    const healthAlone = await load(`${lumara.url}/healthz`, { connections: 1, seconds: SECONDS });
    const [healthUnderLoad, dbLoad] = await Promise.all([
      load(`${lumara.url}/healthz`, { connections: 1, seconds: SECONDS }),
      load(`${lumara.url}/api/users/me`, { connections: CONNECTIONS, seconds: SECONDS, headers: { cookie } }),
    ]);
    results.frameworkOverhead = { rawHealth, health, healthAlone, healthUnderLoad, dbLoad };
    console.log(
      [
        '',
        ...tableHead,
        row('raw node:http, the /healthz JSON (ceiling)', rawHealth),
        row('GET /healthz', health),
        row('GET /healthz, 1 connection, idle', healthAlone),
        row('GET /healthz, 1 connection, while 50 load the embedded database', healthUnderLoad),
        row('  ...the 50 connections on /api/users/me meanwhile', dbLoad),
        '',
        `/healthz ÷ raw node:http = ${(health.requestsPerSecond / rawHealth.requestsPerSecond).toFixed(2)} (goal ≥ 0.75)`,
        `/healthz p99 under database load = ${healthUnderLoad.p99} ms, idle ${healthAlone.p99} ms (goal ≤ 10 ms)`,
      ].join('\n'),
    );
  } finally {
    await lumara.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function printBrowserFigures(): Promise<void> {
  const bundle = firstLoadJavaScript();
  const dashboardBundle = dashboardFirstLoadJavaScript();
  console.log(
    bundle
      ? `\nfirst-load JavaScript of the build: /login ${bundle.totalKiB.toFixed(1)} KiB gzip (budget 150), / ${dashboardBundle?.totalKiB.toFixed(1)} KiB gzip in ${dashboardBundle?.files.length} files (budget ${DASHBOARD_BUDGET.kib} in ${DASHBOARD_BUDGET.files})`
      : '\nfirst-load JavaScript: no build (npm run build)',
  );
  console.log(`\n${(await measureBrowserFiguresOnFreshServer()).join('\n')}`);
}

async function withDataDir(name: string, measure: (dir: string) => Promise<string[]>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `lumara-bench-${name}-`));
  try {
    console.log(`\n${(await measure(dir)).join('\n')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same JSON from a bare node:http server: the machine's ceiling for an answer of that size. */
async function rawCeiling(body: string): Promise<Figures> {
  const raw = await startRawServer(body);
  // The ceiling gets the whole core, helper threads included.
  pin(raw.child.pid, 0, true);
  try {
    return await measureRoute(`${raw.url}/`);
  } finally {
    raw.child.kill('SIGTERM');
  }
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

if (only !== undefined && !parts.includes(only as Part)) {
  console.error(`BENCH_ONLY must be one of ${parts.join(', ')}`);
  process.exit(2);
}
await main();
