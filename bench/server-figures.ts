/**
 * The server's figures, on one database (the embedded one, or PostgreSQL): cold start to `/readyz` on fresh
 * and on existing data, idle memory after each start, and the authenticated reads beside two ceilings measured on
 * the same database in the same run: the raw `pg` driver running the same look-ups behind a bare node:http server
 * (bench/raw-driver-server.ts), and the driver alone, the same look-ups at the same concurrency with no HTTP at
 * all (bench/raw-driver-loop.ts). The reads: `GET /api/users/me`, `GET /api/tasks` for a member with 1,000 tasks,
 * and its repeat read answered 304 from the ETag; then the same list with one task in five repeating (each
 * answered with its rule in words), the cost of plans on the list read, and read with a personal access token
 * instead of the session cookie; and the load bar, `GET /api/tasks` for a member with 50 tasks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { projectRoot, type ServerProcess, startServerProcess } from '../tests/setup/server-process.ts';
import {
  CONNECTIONS,
  type Figures,
  measureRoute,
  pin,
  row,
  SECONDS,
  tableHead,
  WARMUP_SECONDS,
} from './load.ts';

export type DatabaseTarget = {
  /** Which database, as printed: "embedded (PGlite)" or "PostgreSQL at host:port". */
  label: string;
  /** What Lumara is told to use it. */
  serverEnv: Record<string, string>;
  /** What the raw driver server is told (RAW_DATA_DIR or RAW_DATABASE_URL). */
  rawEnv: Record<string, string>;
};

export type ServerFigures = {
  label: string;
  freshStartMs: number;
  existingStartMs: number;
  /** VmRSS two seconds after /readyz, and the peak (VmHWM) of that run, MiB. */
  freshRss: Memory;
  existingRss: Memory;
  me: Figures;
  rawMe: Figures;
  tasks: Figures;
  rawTasks: Figures;
  tasksNotModified: Figures;
  /** The same 1,000 tasks, one in five with a repeat rule. */
  tasksRepeating: Figures;
  /** The same read with a personal access token instead of the session: each request verifies the token. */
  tasksWithToken: Figures;
  /** The 304 revalidation with that token: the token's verification beside the session's. */
  tasksNotModifiedWithToken: Figures;
  rawTasksNotModified: Figures;
  /** The same look-ups through the driver alone, no HTTP (bench/raw-driver-loop.ts). */
  driverMe: Figures;
  driverTasks: Figures;
  driverTasksNotModified: Figures;
  /** The load bar: `GET /api/tasks` for another member, who has 50 tasks. */
  smallTasks: Figures;
  repeatReadMs: number;
};

type Memory = { rssMiB: number; peakMiB: number };

const TASKS = 1_000;
/** The load bar's member: a list of this many tasks answers ≥ 1,000 requests/s with p99 ≤ 100 ms. */
const SMALL_TASKS = 50;
const IDLE_MS = 2_000;

export async function measureServerFigures(target: DatabaseTarget): Promise<ServerFigures> {
  const env = { ...target.serverEnv, NODE_ENV: 'development' };
  const fresh = await startTimed(env);
  let lumara = fresh.server;
  try {
    const freshRss = await idleMemory(lumara);
    const cookie = await signInOverHttp(lumara.url);
    await seedTasks(lumara.url, cookie, TASKS);
    const smallCookie = await signInOverHttp(lumara.url, {
      name: 'Bench Fifty',
      email: 'bench50@example.test',
    });
    await seedTasks(lumara.url, smallCookie, SMALL_TASKS);
    pin(lumara.child.pid, 0);
    const me = await measureRoute(`${lumara.url}/api/users/me`, { cookie });
    const tasks = await measureRoute(`${lumara.url}/api/tasks`, { cookie });
    const smallTasks = await measureRoute(`${lumara.url}/api/tasks`, { cookie: smallCookie });
    const etag = await etagOf(`${lumara.url}/api/tasks`, cookie);
    const tasksNotModified = await measureRoute(`${lumara.url}/api/tasks`, { cookie, 'if-none-match': etag });
    await makeEveryFifthRepeat(lumara.url, cookie);
    const tasksRepeating = await measureRoute(`${lumara.url}/api/tasks`, { cookie });
    const token = await makeAccessToken(lumara.url, cookie);
    const tasksWithToken = await measureRoute(`${lumara.url}/api/tasks`, {
      authorization: `Bearer ${token}`,
    });
    // The revalidation is the read where who-is-asking costs the most: the session's and the token's look-ups.
    const repeatingEtag = await etagOf(`${lumara.url}/api/tasks`, cookie);
    const tasksNotModifiedWithToken = await measureRoute(`${lumara.url}/api/tasks`, {
      authorization: `Bearer ${token}`,
      'if-none-match': repeatingEtag,
    });
    await lumara.stop();

    const existing = await startTimed(env);
    lumara = existing.server;
    const existingRss = await idleMemory(lumara);
    await lumara.stop();

    const driver = await startDriverLoop(target.rawEnv);
    let driverMe: Figures;
    let driverTasks: Figures;
    let driverTasksNotModified: Figures;
    try {
      pin(driver.child.pid, 0);
      driverMe = await driver.measure({ path: '/me', cookie });
      driverTasks = await driver.measure({ path: '/tasks', cookie });
      // The list as it stands now, one task in five repeating: the version its ETag names is the latest.
      driverTasksNotModified = await driver.measure({ path: '/tasks', cookie, ifNoneMatch: repeatingEtag });
    } finally {
      await driver.stop();
    }

    const raw = await startRawDriverServer(target.rawEnv);
    try {
      pin(raw.child.pid, 0);
      const rawMe = await measureRoute(`${raw.url}/me`, { cookie });
      const rawTasks = await measureRoute(`${raw.url}/tasks`, { cookie });
      const rawTasksNotModified = await measureRoute(`${raw.url}/tasks`, {
        cookie,
        'if-none-match': repeatingEtag,
      });
      const cost = (await (await fetch(`${raw.url}/repeat-read-cost`, { headers: { cookie } })).json()) as {
        msPerRead: number;
      };
      return {
        label: target.label,
        freshStartMs: fresh.ms,
        existingStartMs: existing.ms,
        freshRss,
        existingRss,
        me,
        rawMe,
        tasks,
        rawTasks,
        tasksNotModified,
        tasksRepeating,
        tasksWithToken,
        tasksNotModifiedWithToken,
        rawTasksNotModified,
        driverMe,
        driverTasks,
        driverTasksNotModified,
        smallTasks,
        repeatReadMs: cost.msPerRead,
      };
    } finally {
      raw.child.kill('SIGTERM');
      await new Promise((resolve) => raw.child.once('exit', resolve));
    }
  } finally {
    await lumara.stop();
  }
}

export function serverFigureLines(f: ServerFigures): string[] {
  const ratio = (ours: Figures, raw: Figures) => (ours.requestsPerSecond / raw.requestsPerSecond).toFixed(2);
  const mib = (m: Memory) => `${m.rssMiB.toFixed(0)} MiB (peak ${m.peakMiB.toFixed(0)})`;
  return [
    `Server figures on ${f.label}, ${CONNECTIONS} connections:`,
    ...tableHead,
    row('GET /api/users/me', f.me),
    row('  the same look-up through the raw pg driver', f.rawMe),
    row('  the same look-up through the driver alone, no HTTP', f.driverMe),
    row(`GET /api/tasks, ${TASKS.toLocaleString('en')} tasks`, f.tasks),
    row('  the same look-ups through the raw pg driver', f.rawTasks),
    row('  the same look-ups through the driver alone, no HTTP', f.driverTasks),
    row('GET /api/tasks, the same, 1 in 5 repeating', f.tasksRepeating),
    row('GET /api/tasks, the same, a personal access token', f.tasksWithToken),
    row('GET /api/tasks again, If-None-Match: 304', f.tasksNotModified),
    row('  the same look-ups through the raw pg driver', f.rawTasksNotModified),
    row('  the same look-ups through the driver alone, no HTTP', f.driverTasksNotModified),
    row('GET /api/tasks again, 304, a personal access token', f.tasksNotModifiedWithToken),
    row(`GET /api/tasks, another member's ${SMALL_TASKS} tasks (the load bar)`, f.smallTasks),
    '',
    `GET /api/users/me ÷ raw driver = ${ratio(f.me, f.rawMe)}, ÷ driver alone = ${ratio(f.me, f.driverMe)} (goal ≥ 0.75 PostgreSQL, ≥ 0.9 embedded)`,
    `GET /api/tasks ÷ raw driver = ${ratio(f.tasks, f.rawTasks)}, ÷ driver alone = ${ratio(f.tasks, f.driverTasks)}; its 304 ÷ raw driver = ${ratio(f.tasksNotModified, f.rawTasksNotModified)}, ÷ driver alone = ${ratio(f.tasksNotModified, f.driverTasksNotModified)} (goal ≥ 0.9)`,
    `  (the ceilings read the list as it stands at the end, 1 in 5 repeating: that list ÷ raw driver = ${ratio(f.tasksRepeating, f.rawTasks)}, ÷ driver alone = ${ratio(f.tasksRepeating, f.driverTasks)})`,
    `GET /api/tasks, ${SMALL_TASKS} tasks: ${f.smallTasks.requestsPerSecond} requests/s, p99 ${f.smallTasks.p99} ms (goal ≥ 1,000 requests/s, p99 ≤ 100 ms)`,
    `a repeat read that changed nothing: ${f.tasksNotModified.notModified} answered 304; database time ${f.repeatReadMs.toFixed(2)} ms per read, round trips included (goal < 0.5 ms)`,
    `cold start to /readyz: existing data ${(f.existingStartMs / 1000).toFixed(2)} s, fresh data ${(f.freshStartMs / 1000).toFixed(2)} s (goal ≤ 0.6 / ≤ 2 s)`,
    `idle RSS after start: existing data ${mib(f.existingRss)}, fresh data ${mib(f.freshRss)} (goal ≤ 300 MiB embedded, ≤ 150 PostgreSQL)`,
  ];
}

/**
 * Starts Lumara as `npm start` does (a built tree: the bundle, its compile cache warm after the first start) and
 * answers it with the time from the spawn until `/readyz` first answered 200.
 */
async function startTimed(env: Record<string, string>): Promise<{ server: ServerProcess; ms: number }> {
  const started = performance.now();
  // What `npm start` runs: the bundled server with the compile cache.
  const server = await startServerProcess(env, { entry: 'bundle' });
  for (;;) {
    const ready = await fetch(`${server.url}/readyz`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) return { server, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The server's resident memory once it has sat idle for a moment, and its peak so far (Linux /proc). */
async function idleMemory(server: ServerProcess): Promise<Memory> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

async function etagOf(url: string, cookie: string): Promise<string> {
  const answer = await fetch(url, { headers: { cookie } });
  await answer.arrayBuffer();
  return answer.headers.get('etag') ?? '';
}

/** Gives the bench member this many tasks, through the API as the browser would add them. */
export async function seedTasks(baseUrl: string, cookie: string, howMany: number): Promise<void> {
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

/** A token that may read tasks, made as Settings → Connected apps makes one. */
async function makeAccessToken(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ name: 'Bench', scopes: ['tasks:read'] }),
  });
  if (response.status !== 201) throw new Error(`making a token failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Gives every fifth of the member's tasks a repeat rule, through the API: "every last Friday" and kin. */
async function makeEveryFifthRepeat(baseUrl: string, cookie: string): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: baseUrl, cookie };
  const tasks = (await (await fetch(`${baseUrl}/api/tasks`, { headers: { cookie } })).json()) as {
    id: number;
  }[];
  const rules = ['FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=DAILY;INTERVAL=3'];
  const chosen = tasks.filter((_, index) => index % 5 === 0);
  for (let i = 0; i < chosen.length; i += 50) {
    await Promise.all(
      chosen.slice(i, i + 50).map((task, j) =>
        fetch(`${baseUrl}/api/tasks/${task.id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ repeat: rules[(i + j) % rules.length] }),
        }).then((response) => {
          if (response.status !== 200) throw new Error(`making a task repeat failed: ${response.status}`);
        }),
      ),
    );
  }
}

type DriverJob = { path: string; cookie: string; ifNoneMatch?: string };

/** The driver alone (bench/raw-driver-loop.ts) in a process of its own, given one look-up to run at a time. */
async function startDriverLoop(env: Record<string, string>): Promise<{
  child: ChildProcess;
  measure(job: DriverJob): Promise<Figures>;
  stop(): Promise<void>;
}> {
  const child = spawn(process.execPath, [path.join(projectRoot, 'bench/raw-driver-loop.ts')], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the driver loop exited');
    return JSON.parse(value) as unknown;
  };
  await nextLine();
  return {
    child,
    async measure(job) {
      child.stdin?.write(
        `${JSON.stringify({ ...job, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS })}\n`,
      );
      return (await nextLine()) as Figures;
    },
    async stop() {
      child.stdin?.end();
      await exited;
    },
  };
}

async function startRawDriverServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(projectRoot, 'bench/raw-driver-server.ts')], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) =>
      resolve((JSON.parse(chunk.toString()) as { port: number }).port),
    );
    child.once('exit', (code) => reject(new Error(`the raw driver server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}
