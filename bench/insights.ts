/**
 * `GET /api/insights` for a member with a year of history: 8 focus sessions a day for 365 days (2,920), a third of
 * them naming one of 10 labelled tasks, and 2 task completions a day (730, a repeating task's occurrences). The
 * server runs from its sources on the embedded database; the history is written straight into its data directory
 * while it is stopped (an archive import would drop the sessions' tasks). Then, one request at a time, the year
 * range (the longest allowed) and the 30 days the page opens on: p50 and p99 latency over REQUESTS requests each.
 * `node bench/insights.ts` (also `BENCH_ONLY=insights npm run bench`). Prints figures, asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/database.ts';
import { pomodoroSessions, taskCompletions } from '../src/server/db/schema.ts';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { startServerProcess } from '../tests/setup/server-process.ts';
import { percentile } from './percentile.ts';

const DAYS = 365;
const SESSIONS_PER_DAY = 8;
const COMPLETIONS_PER_DAY = 2;
const TASKS = 10;
const WARMUP = 20;
const REQUESTS = Number(process.env.BENCH_INSIGHTS_REQUESTS ?? 300);
const TIME_ZONE = 'Europe/Madrid';

type Seeded = { memberId: number; taskIds: number[]; today: string };

async function createHistory(dataDir: string): Promise<Seeded> {
  const server = await startServerProcess(
    { DATA_DIR: dataDir, NODE_ENV: 'development' },
    { timeoutMs: 180_000 },
  );
  try {
    const cookie = await signInOverHttp(server.url);
    const headers = { cookie, 'content-type': 'application/json', origin: server.url };
    const me = (await (await fetch(`${server.url}/api/users/me`, { headers })).json()) as { id: number };
    const taskIds: number[] = [];
    for (let i = 0; i < TASKS; i++) {
      const created = await fetch(`${server.url}/api/tasks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: `Bench task ${i + 1}`, labels: [`label-${i % 4}`, 'bench'] }),
      });
      taskIds.push(((await created.json()) as { id: number }).id);
    }
    return { memberId: me.id, taskIds, today: new Date().toISOString().slice(0, 10) };
  } finally {
    await server.stop();
  }
}

async function writeHistory(dataDir: string, seeded: Seeded): Promise<number> {
  const database = await openDatabase({ kind: 'embedded', dataDir, poolMax: 2 });
  try {
    const now = Date.now();
    const sessions = [];
    const completions = [];
    for (let day = 0; day < DAYS; day++) {
      const dayStart = now - (day + 1) * 24 * 60 * 60_000;
      for (let i = 0; i < SESSIONS_PER_DAY; i++) {
        const completedAt = new Date(dayStart + (8 + i) * 60 * 60_000);
        sessions.push({
          userId: seeded.memberId,
          durationMinutes: [25, 50, 15][i % 3] ?? 25,
          timeZone: TIME_ZONE,
          startedAt: new Date(completedAt.getTime() - 25 * 60_000),
          completedAt,
          taskId: i % 3 === 0 ? (seeded.taskIds[(day + i) % TASKS] ?? null) : null,
        });
      }
      for (let i = 0; i < COMPLETIONS_PER_DAY; i++) {
        const taskId = seeded.taskIds[i] ?? 0;
        const occurrence = new Date(dayStart).toISOString().slice(0, 10);
        completions.push({
          userId: seeded.memberId,
          taskId,
          occurrence,
          completedAt: new Date(dayStart + (18 + i) * 60 * 60_000),
        });
      }
    }
    for (let i = 0; i < sessions.length; i += 1_000) {
      await database.db.insert(pomodoroSessions).values(sessions.slice(i, i + 1_000));
    }
    await database.db.insert(taskCompletions).values(completions);
    return sessions.length + completions.length;
  } finally {
    await database.close();
  }
}

async function latencies(url: string, cookie: string): Promise<{ p50: number; p99: number; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < WARMUP; i++) await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    bytes = body.byteLength;
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), bytes };
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function measureInsights(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-insights-'));
  try {
    const seeded = await createHistory(dataDir);
    const rows = await writeHistory(dataDir, seeded);
    const server = await startServerProcess(
      { DATA_DIR: dataDir, NODE_ENV: 'development' },
      { timeoutMs: 180_000 },
    );
    try {
      const cookie = await signInOverHttp(server.url);
      const zone = encodeURIComponent(TIME_ZONE);
      const year = await latencies(
        `${server.url}/api/insights?from=${addDays(seeded.today, -365)}&to=${seeded.today}&time_zone=${zone}`,
        cookie,
      );
      const month = await latencies(`${server.url}/api/insights?time_zone=${zone}`, cookie);
      const line = (name: string, f: { p50: number; p99: number; bytes: number }) =>
        `  ${name.padEnd(28)} p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   ` +
        `${(f.bytes / 1024).toFixed(1)} KiB`;
      return [
        `GET /api/insights, a year of history (${rows} rows: ${DAYS * SESSIONS_PER_DAY} focus sessions, ` +
          `${DAYS * COMPLETIONS_PER_DAY} completions), embedded database, ${REQUESTS} requests one at a time:`,
        line('366 days (from–to)', year),
        line('30 days (the default)', month),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await measureInsights()).join('\n'));
}
