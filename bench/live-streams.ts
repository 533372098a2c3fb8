/**
 * Many open pages (quality bar "live streams"): one server holds 10,000 open `GET /api/events` streams with its
 * resident memory ≤ 1 GiB and one event reaches all of them within 1 s (p99); then two servers on PostgreSQL and
 * Redis behind nginx share 20,000. The streams belong to MEMBERS members with several tabs each (the per-member
 * limit allows 20 per server), opened from separate load processes (bench/stream-clients.ts, raw node:http, one
 * socket a stream); the event is the one every member's page hears, a new community post, published by creating
 * a post through the API. Delivery is timed from sending that request until each stream has read the event,
 * over ROUNDS posts. The servers run with their defaults (only the sign-in limit is raised for the bench's many
 * sign-ins from one address). Needs PostgreSQL and Redis (as bench/event-latency.ts) and nginx on the PATH for
 * the second half; says so without them. `node bench/live-streams.ts` (also `BENCH_ONLY=streams npm run bench`).
 */
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { missingScaleOutServices, serverPairKit } from '../tests/setup/server-pair.ts';
import { findFreePort, projectRoot, type ServerProcess } from '../tests/setup/server-process.ts';
import { hasTaskset } from './load.ts';
import { percentile } from './percentile.ts';
import { residentBytes } from './resident-memory.ts';
import type { ClientCommand, ClientReport } from './stream-clients.ts';

const ONE_SERVER_STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const TWO_SERVER_STREAMS = 2 * ONE_SERVER_STREAMS;
/** Each load process holds at most this many sockets (a process's descriptors are limited too). */
const STREAMS_PER_CLIENT = 10_000;
const MEMBERS = Math.max(1, Math.ceil(ONE_SERVER_STREAMS / 10));
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 5);
const OPEN_CONCURRENCY = 32;
const SIGN_IN_CONCURRENCY = 8;
const EVENT_WAIT_MS = 10_000;
const APP_URL = 'http://lumara.test';

type Delivery = { p50: number; p99: number; max: number; samples: number; missing: number };

export async function measureLiveStreams(): Promise<string[]> {
  const missing = await missingScaleOutServices();
  if (missing.length > 0) return [`Live streams at scale: skipped, ${missing.join('; ')}`];
  const kit = serverPairKit({ appUrl: APP_URL, startTimeoutMs: 120_000 });
  const lines: string[] = [
    `Live streams at scale: ${MEMBERS.toLocaleString('en')} members with several pages each, ` +
      `a new community post (post.created, heard by every member) delivered ${ROUNDS} times; PostgreSQL + Redis`,
  ];
  // Each figure is printed as soon as it is known (this part takes minutes), and answered with the rest at the end.
  const note = (...more: string[]) => {
    lines.push(...more);
    console.error(more.join('\n'));
  };
  try {
    const { a, b } = await kit.startPair(await kit.freshDatabase());
    const started = performance.now();
    const cookies = await signInMembers(a.url, MEMBERS);
    // One member posts in each half: the posting limit would refuse one member's sixth post within a minute.
    const [poster, secondPoster] = [cookies[0] as string, (cookies[1] ?? cookies[0]) as string];
    note(`(${MEMBERS} members signed in in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

    const idle = residentBytes(a.child.pid ?? 0);
    // The server is not pinned: on this shared machine a server held to one core waits for that core's other
    // tenants (p50 1,120 ms pinned against 411 ms free, in runs minutes apart).
    const one = await holdAndDeliver([a.url], ONE_SERVER_STREAMS, cookies, a.url, poster, [a]);
    note(
      '',
      `One server, ${ONE_SERVER_STREAMS.toLocaleString('en')} streams: opened ${one.open} ` +
        `(${one.failed} refused${one.firstError ? `: ${one.firstError}` : ''}) in ${one.openSeconds.toFixed(1)} s; ` +
        `RSS ${mib(idle)} idle → ${mib(one.rss[0] ?? 0)} MiB held (goal ≤ 1024)`,
      deliveryLine(one.delivery),
    );

    const nginx = await startNginx([a.port, b.port]);
    if (!nginx) {
      lines.push(
        '',
        'Two servers behind nginx: skipped, no nginx on the PATH (apt-get install nginx-light).',
      );
      return lines;
    }
    try {
      const two = await holdAndDeliver([nginx.url], TWO_SERVER_STREAMS, cookies, nginx.url, secondPoster, [
        a,
        b,
      ]);
      note(
        '',
        `Two servers behind nginx, ${TWO_SERVER_STREAMS.toLocaleString('en')} streams: opened ${two.open} ` +
          `(${two.failed} refused${two.firstError ? `: ${two.firstError}` : ''}) in ${two.openSeconds.toFixed(1)} s; ` +
          `RSS ${two.rss.map((rss) => mib(rss)).join(' + ')} MiB holding ${two.connections.join(' + ')} connections`,
        deliveryLine(two.delivery),
      );
    } finally {
      await nginx.stop();
    }
    return lines;
  } finally {
    await kit.stopAll();
  }
}

/** Connections established to a server's port (`ss`), or '?' where there is no `ss`. */
function openConnections(port: number): string {
  const listed = spawnSync('ss', ['-tnH', 'state', 'established', `( sport = :${port} )`], {
    encoding: 'utf8',
  });
  return listed.status === 0 ? String(listed.stdout.split('\n').filter(Boolean).length) : '?';
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function deliveryLine(d: Delivery): string {
  return (
    `  post created → post.created read on every stream: p50 ${d.p50.toFixed(0)} ms, p99 ${d.p99.toFixed(0)} ms ` +
    `(goal ≤ 1000), max ${d.max.toFixed(0)} ms, ${d.samples.toLocaleString('en')} deliveries, ${d.missing} missing`
  );
}

async function signInMembers(baseUrl: string, count: number): Promise<string[]> {
  const cookies: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      cookies[n] = await signInOverHttp(
        baseUrl,
        { name: `Reader ${n}`, email: `reader-${n}@example.test` },
        { origin: APP_URL },
      );
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return cookies;
}

/**
 * A load process of its own. Where `taskset` is, the first is pinned to core 1 and a second to core 0, so that two
 * do not share one core.
 */
function startClient(index: number): { child: ChildProcess; next(): Promise<ClientReport> } {
  const child = fork(path.join(projectRoot, 'bench/stream-clients.ts'), [], { stdio: 'inherit' });
  if (hasTaskset && child.pid)
    spawnSync('taskset', ['-pc', String(1 - (index % 2)), String(child.pid)], { stdio: 'ignore' });
  const queue: ClientReport[] = [];
  const waiting: { resolve: (report: ClientReport) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (report: ClientReport) => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(report);
    else queue.push(report);
  });
  child.once('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`the load process exited (${code})`));
  });
  return {
    child,
    next: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (child.exitCode !== null)
        return Promise.reject(new Error(`the load process exited (${child.exitCode})`));
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
  };
}

async function holdAndDeliver(
  baseUrls: string[],
  total: number,
  cookies: string[],
  publishUrl: string,
  poster: string,
  servers: ServerProcess[],
) {
  const clientCount = Math.ceil(total / STREAMS_PER_CLIENT);
  const clients = Array.from({ length: clientCount }, (_, index) => startClient(index));
  const command = (client: (typeof clients)[number], message: ClientCommand) => client.child.send(message);
  try {
    const openStarted = performance.now();
    clients.forEach((client, i) => {
      const count = Math.min(STREAMS_PER_CLIENT, total - i * STREAMS_PER_CLIENT);
      command(client, {
        type: 'open',
        baseUrl: baseUrls[i % baseUrls.length] as string,
        // Each member's tabs all in one load process, so a member's pages on one server stay under its limit.
        cookies: cookies.filter((_, n) => n % clientCount === i),
        count,
        concurrency: Math.max(1, Math.floor(OPEN_CONCURRENCY / clientCount)),
      });
    });
    const opened = (await Promise.all(clients.map((client) => client.next()))) as Extract<
      ClientReport,
      { type: 'opened' }
    >[];
    const openSeconds = (performance.now() - openStarted) / 1000;
    // Let the servers settle (garbage collection after the opening burst) before reading their memory.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const rss = servers.map((server) => residentBytes(server.child.pid ?? 0));
    const connections = servers.map((server) => openConnections(server.port));

    const latencies: number[] = [];
    let missing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const client of clients)
        command(client, { type: 'watch', event: 'post.created', timeoutMs: EVENT_WAIT_MS });
      await Promise.all(clients.map((client) => client.next()));
      const sentAt = performance.timeOrigin + performance.now();
      const answer = await fetch(`${publishUrl}/api/community/posts`, {
        method: 'POST',
        headers: { cookie: poster, origin: APP_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Round ${round + 1} for everyone` }),
      });
      if (answer.status !== 201)
        throw new Error(`creating the post failed: ${answer.status} ${await answer.text()}`);
      const arrived = (await Promise.all(clients.map((client) => client.next()))) as Extract<
        ClientReport,
        { type: 'arrived' }
      >[];
      for (const report of arrived) {
        for (const time of report.times) latencies.push(time - sentAt);
        missing += report.missing;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return {
      open: opened.reduce((sum, report) => sum + report.open, 0),
      failed: opened.reduce((sum, report) => sum + report.failed, 0),
      firstError: opened.find((report) => report.firstError)?.firstError ?? null,
      openSeconds,
      rss,
      connections,
      delivery: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.reduce((max, value) => Math.max(max, value), 0),
        samples: latencies.length,
        missing,
      },
    };
  } finally {
    for (const client of clients) {
      if (client.child.connected) command(client, { type: 'close' });
    }
    await Promise.all(
      clients.map(
        (client) =>
          new Promise((resolve) => {
            if (client.child.exitCode !== null) return resolve(null);
            const timer = setTimeout(() => client.child.kill('SIGKILL'), 5_000);
            client.child.once('exit', () => {
              clearTimeout(timer);
              resolve(null);
            });
          }),
      ),
    );
    // The servers notice the closed sockets and let the streams go before the next half opens more.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/**
 * nginx in front of the servers, as for live events in production: HTTP/1.1 to the upstreams, no buffering, long
 * read timeouts. Each stream takes two descriptors in nginx (client and upstream), and a process here may not hold
 * more than `ulimit -Hn` (20,000 on the bench machine, not raisable in its container): four workers, each given
 * its share of new connections by the kernel (`reuseport`), hold 20,000 streams in 40,000 descriptors.
 */
async function startNginx(ports: number[]): Promise<{ url: string; stop(): Promise<void> } | null> {
  const binary = ['nginx', '/usr/sbin/nginx'].find(
    (candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0,
  );
  if (!binary) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-nginx-'));
  chmodSync(dir, 0o755);
  const port = await findFreePort();
  const config = `
worker_processes 4;
worker_rlimit_nofile 20000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 19000; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream lumara {
${ports.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port} reuseport;
    location / {
      proxy_pass http://lumara;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const child = spawn(binary, ['-c', file, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (attempt > 50 || child.exitCode !== null) {
        child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`nginx did not start: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await measureLiveStreams()).join('\n'));
}
