import { rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { type ServerProcess, startServerProcess } from '#tests/setup/server-process.ts';
import {
  type ChaosPart,
  type ChaosProfile,
  errorCodeOf,
  fetchStatus,
  isAlive,
  percentile,
  resultOf,
  sleep,
  tempDir,
} from './chaos-kit.ts';

/**
 * Slow and idle clients: slow-loris connections that never finish their headers, one member with
 * 500 tabs of live updates, and more live streams than the server allows in all. None of them may starve the
 * other members: the slow connections are closed by the server's header timeout, and the streams past a
 * member's share (429) or the server's (503) are refused at once and given back when closed.
 */

type Figures = [string, string | number][];
type Section = { figures: Figures; problems: string[] };

const HEADERS_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 5_000;
/** Node looks for timed-out clients every second (src/server/http-server.ts); 3 s covers that and a busy machine. */
const CLOSE_BAR_MS = HEADERS_TIMEOUT_MS + 3_000;
/** A normal member's requests while the slow clients hold their connections. */
const NORMAL_P99_BAR_MS = 200;
/** Each of `/healthz` and `/api/tasks`; the full profile's outlast several header timeouts (replaced slow clients). */
const normalRequests = (profile: ChaosProfile) => (profile.short ? 100 : 500);
/** Connections opened at once: more would overflow the listen backlog and measure SYN retries instead. */
const CONNECT_BATCH = 100;
/** The defaults of src/server/config.ts. */
const DEFAULT_STREAMS_PER_MEMBER = 20;
const TABS = 500;
/** The small server-wide cap of the last section, reached by 3 members with 30 streams each. */
const SERVER_STREAMS_MAX = 50;
const RELEASE_WAIT_MS = 5_000;

export const slowClients: ChaosPart = {
  name: 'slow-clients',
  async run(profile) {
    const sections = [await slowLoris(profile), await manyTabs(profile), await serverWideStreamCap()];
    return resultOf(
      this.name,
      sections.flatMap((section) => section.figures),
      sections.flatMap((section) => section.problems),
    );
  },
};

/** Starts a server on a fresh data folder for `use`, and stops it and removes the folder whatever happens. */
async function withServer(
  prefix: string,
  env: Record<string, string>,
  use: (server: ServerProcess) => Promise<Section>,
): Promise<Section> {
  const dataDir = tempDir(prefix);
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, ...env });
    const section = await use(server);
    if (!(await isAlive(server))) section.problems.push(`the server of ${prefix} died`);
    return section;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ————— Slow-loris —————

/** One connection that sends a request line, then a header line a second, and never ends its headers. */
type Loris = {
  openedAt: number;
  /** How long after opening the server closed it; null while open or when we closed it ourselves. */
  closedByServerAfterMs: number | null;
  received: string;
  closed: Promise<void>;
  hangUp(): void;
};

async function openLoris(port: number, onServerClose: () => void): Promise<Loris> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let hungUpByUs = false;
  let closedNow = () => {};
  const loris: Loris = {
    openedAt: performance.now(),
    closedByServerAfterMs: null,
    received: '',
    closed: new Promise((resolve) => {
      closedNow = resolve;
    }),
    hangUp() {
      hungUpByUs = true;
      socket.destroy();
    },
  };
  socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  let line = 0;
  const dribble = setInterval(() => socket.write(`X-Still-Typing-${line++}: yes\r\n`), 1_000);
  socket.on('data', (chunk: Buffer) => {
    loris.received += chunk.toString('latin1');
  });
  // Writing after the server closed fails with EPIPE or a reset: that is the server doing its job.
  socket.on('error', () => {});
  socket.once('close', () => {
    clearInterval(dribble);
    if (!hungUpByUs) {
      loris.closedByServerAfterMs = performance.now() - loris.openedAt;
      onServerClose();
    }
    closedNow();
  });
  return loris;
}

/**
 * Holds `count` slow connections open (each one the server closes is replaced while the normal member is being
 * measured, as a slow-loris tool does), measures the normal member meanwhile, then lets the server close them.
 */
async function slowLoris(profile: ChaosProfile): Promise<Section> {
  const count = profile.short ? 300 : 2_000;
  const env = {
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  };
  return withServer('slow-loris', env, async (server) => {
    const cookie = await signInOverHttp(server.url, { name: 'Normal', email: 'normal@example.test' });
    const all: Loris[] = [];
    const replacements: Promise<void>[] = [];
    let replacing = true;
    const open = async () => {
      const loris = await openLoris(server.port, () => {
        // A replacement that cannot connect is one slow client fewer, not a failure of the part.
        if (replacing) replacements.push(open().catch(() => {}));
      });
      all.push(loris);
    };
    try {
      for (let opened = 0; opened < count; opened += CONNECT_BATCH)
        await Promise.all(Array.from({ length: Math.min(CONNECT_BATCH, count - opened) }, open));
      const openAtStart = openLorises(all);
      const normal = await measureNormalMember(server.url, cookie, normalRequests(profile));
      const openAtEnd = openLorises(all);
      replacing = false;
      // A replacement still connecting must be in `all` before the wait for the last one starts.
      await Promise.allSettled(replacements);
      await waitForServerToClose(all);

      const closedInTime = all.filter(
        (loris) => loris.closedByServerAfterMs !== null && loris.closedByServerAfterMs <= CLOSE_BAR_MS,
      );
      const answered408 = all.filter((loris) => loris.received.startsWith('HTTP/1.1 408')).length;
      const longestClose = Math.max(0, ...all.map((loris) => loris.closedByServerAfterMs ?? 0));
      const figures: Figures = [
        ['slow-loris: connections opened', all.length],
        ['slow-loris: open when measuring began / ended', `${openAtStart} / ${openAtEnd}`],
        [`slow-loris: closed by the server within ${CLOSE_BAR_MS} ms`, closedInTime.length],
        ['slow-loris: answered 408', answered408],
        ['slow-loris: longest time to close (ms)', Math.round(longestClose)],
        ['slow-loris: normal GET /healthz p50 / p99 (ms)', spread(normal.health)],
        ['slow-loris: normal GET /api/tasks p50 / p99 (ms)', spread(normal.tasks)],
      ];
      const problems = [...normal.failures.slice(0, 5)];
      const p99 = percentile([...normal.health, ...normal.tasks], 99);
      if (p99 > NORMAL_P99_BAR_MS)
        problems.push(
          `a normal member's p99 was ${p99.toFixed(1)} ms under slow-loris (bar ${NORMAL_P99_BAR_MS} ms)`,
        );
      if (closedInTime.length < all.length)
        problems.push(
          `${all.length - closedInTime.length} of ${all.length} slow connections were not closed by the server within ${CLOSE_BAR_MS} ms`,
        );
      return { figures, problems };
    } finally {
      replacing = false;
      for (const loris of all) loris.hangUp();
    }
  });
}

const openLorises = (all: Loris[]) => all.filter((loris) => loris.closedByServerAfterMs === null).length;

/** Waits until every slow connection's bar has passed (or all are closed); those still open are then ours to close. */
async function waitForServerToClose(all: Loris[]): Promise<void> {
  const lastOpened = Math.max(...all.map((loris) => loris.openedAt));
  const waitMs = lastOpened + CLOSE_BAR_MS + 100 - performance.now();
  await Promise.race([Promise.all(all.map((loris) => loris.closed)), sleep(Math.max(0, waitMs))]);
}

/**
 * A member's reads, one after the other, each on a new connection as a newly opened page would: a slow-loris
 * attack starves connections, so a kept-alive connection opened before it would hide exactly what it does.
 */
async function measureNormalMember(url: string, cookie: string, requests: number) {
  const health: number[] = [];
  const tasks: number[] = [];
  const failures: string[] = [];
  for (let i = 0; i < requests; i++) {
    for (const [path, into] of [
      ['/healthz', health],
      ['/api/tasks', tasks],
    ] as const) {
      const answer = await timedGet(`${url}${path}`, cookie);
      into.push(answer.ms);
      if (answer.status !== 200)
        failures.push(`a normal GET ${path} answered ${answer.status || answer.error}`);
    }
  }
  return { health, tasks, failures };
}

function timedGet(url: string, cookie: string): Promise<{ status: number; ms: number; error?: string }> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, headers: { cookie } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: elapsed() }));
    });
    request.setTimeout(10_000, () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', (error) => resolve({ status: 0, ms: elapsed(), error: error.message }));
  });
}

// ————— Live update streams —————

/** One `GET /api/events` as a tab opens it: a 200 kept open (its `ready` read), or the refusal's code. */
type Tab = {
  status: number;
  code: string | null;
  message: string | null;
  retryAfter: string | null;
  ready: boolean;
  close(): void;
};

async function openTab(url: string, cookie: string): Promise<Tab> {
  const controller = new AbortController();
  const refused = {
    code: null,
    message: null,
    retryAfter: null,
    ready: false,
    close: () => controller.abort(),
  };
  let response: Response;
  try {
    response = await fetch(`${url}/api/events`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
  } catch (error) {
    return { ...refused, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
  if (response.status !== 200 || !response.body) {
    const body = await response.text();
    return {
      ...refused,
      status: response.status,
      code: errorCodeOf(body),
      message: errorMessageOf(body),
      retryAfter: response.headers.get('retry-after'),
    };
  }
  // Held until `close`: undici cancels the body of a response collected as garbage while nobody reads it, which
  // would close the tab behind our back and free its slot.
  const reader = response.body.getReader();
  return {
    ...refused,
    status: 200,
    ready: await saysReady(reader),
    close() {
      void reader.cancel().catch(() => {});
      controller.abort();
    },
  };
}

function errorMessageOf(body: string): string | null {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** Reads the stream until its `ready` event (the subscription is live), leaving the rest unread as a tab would. */
async function saysReady(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  const decoder = new TextDecoder();
  const giveUp = sleep(5_000).then(() => null);
  let text = '';
  while (!text.includes('event: ready')) {
    const read = await Promise.race([reader.read(), giveUp]);
    if (!read || read.done) return false;
    text += decoder.decode(read.value, { stream: true });
  }
  return true;
}

const openTabs = (url: string, cookie: string, count: number) =>
  Promise.all(Array.from({ length: count }, () => openTab(url, cookie)));

function closeTabs(tabs: Tab[]): void {
  for (const tab of tabs) tab.close();
}

/** `200 ×20, 429 rate_limited ×480`. */
function tally(tabs: Tab[]): string {
  const counts = new Map<string, number>();
  for (const tab of tabs) {
    const key = tab.status === 200 ? '200' : `${tab.status} ${tab.code ?? 'non-JSON'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(', ');
}

/** What is wrong with a batch of tabs: accepted ones that never said `ready`, refusals not as `refusal` says. */
function tabProblems(tabs: Tab[], refusal: { status: number; code: string }): string[] {
  const problems: string[] = [];
  const silent = tabs.filter((tab) => tab.status === 200 && !tab.ready).length;
  if (silent > 0) problems.push(`${silent} accepted streams never sent ready`);
  const odd = tabs.filter((tab) => tab.status !== 200 && tab.status !== refusal.status);
  if (odd.length > 0)
    problems.push(`${odd.length} streams answered ${tally(odd)} (“${odd[0]?.message ?? ''}”)`);
  const refused = tabs.filter((tab) => tab.status === refusal.status);
  const badRefusals = refused.filter((tab) => tab.code !== refusal.code || !tab.retryAfter).length;
  if (badRefusals > 0)
    problems.push(`${badRefusals} refusals were not ${refusal.code} with a Retry-After header`);
  return problems;
}

/**
 * After closing, the slots come back: polls for up to 5 s until `want` streams are open again at once. Answers
 * how many it got and when; closes them.
 */
async function reopenAfterClosing(url: string, cookie: string, want: number) {
  const started = performance.now();
  const held: Tab[] = [];
  try {
    while (performance.now() - started < RELEASE_WAIT_MS) {
      const more = await openTabs(url, cookie, want - held.length);
      held.push(...more.filter((tab) => tab.status === 200));
      closeTabs(more.filter((tab) => tab.status !== 200));
      if (held.length >= want) break;
      await sleep(100);
    }
    return { reopened: held.length, afterMs: performance.now() - started };
  } finally {
    closeTabs(held);
  }
}

/**
 * One member opens 500 live streams at once, in a round or (full profile) several; another member's stream and
 * reads must go on, and every slot must come back when the tabs close.
 */
async function manyTabs(profile: ChaosProfile): Promise<Section> {
  const rounds = profile.short ? 1 : 5;
  return withServer('many-tabs', {}, async (server) => {
    const url = server.url;
    const hoarder = await signInOverHttp(url, { name: 'Many Tabs', email: 'tabs@example.test' });
    const other = await signInOverHttp(url, { name: 'One Tab', email: 'one-tab@example.test' });
    const bursts: TabBurst[] = [];
    for (let round = 1; round <= rounds; round++) bursts.push(await tabBurst(url, hoarder, other));

    const reads = bursts.flatMap((burst) => burst.reads.latencies);
    const figures: Figures = [
      [`${TABS} tabs × ${rounds}: answers`, tally(bursts.flatMap((burst) => burst.tabs))],
      [`${TABS} tabs: accepted per round`, bursts.map((burst) => burst.accepted).join(', ')],
      [`${TABS} tabs: other member stream`, tally(bursts.map((burst) => burst.otherTab))],
      [`${TABS} tabs: other member GET /api/tasks p50 / p99 (ms)`, spread(reads)],
      [
        `${TABS} tabs: slots back after closing`,
        bursts.map((burst) => `${burst.reopened} in ${Math.round(burst.reopenedAfterMs)} ms`).join(', '),
      ],
    ];
    const problems = bursts.flatMap((burst, index) =>
      burst.problems.map((problem) => `${TABS} tabs${rounds > 1 ? `, round ${index + 1}` : ''}: ${problem}`),
    );
    return { figures, problems };
  });
}

type TabBurst = Awaited<ReturnType<typeof tabBurst>>;

async function tabBurst(url: string, hoarder: string, other: string) {
  let tabs: Tab[] = [];
  let otherTab: Tab | undefined;
  const stopReading = new AbortController();
  try {
    const reading = readTasksUntil(url, other, stopReading.signal);
    tabs = await openTabs(url, hoarder, TABS);
    otherTab = await openTab(url, other);
    // A few more reads with the member's 20 streams and the other's held open.
    await sleep(500);
    stopReading.abort();
    const reads = await reading;
    closeTabs([...tabs, otherTab]);
    const release = await reopenAfterClosing(url, hoarder, DEFAULT_STREAMS_PER_MEMBER);

    const accepted = tabs.filter((tab) => tab.status === 200).length;
    const problems = [
      ...tabProblems(tabs, { status: 429, code: 'rate_limited' }),
      ...reads.failures.slice(0, 5),
    ];
    if (accepted !== DEFAULT_STREAMS_PER_MEMBER)
      problems.push(`${accepted} streams accepted, the limit is ${DEFAULT_STREAMS_PER_MEMBER}`);
    if (otherTab.status !== 200 || !otherTab.ready)
      problems.push(`the other member's stream answered ${tally([otherTab])}`);
    if (release.reopened < DEFAULT_STREAMS_PER_MEMBER)
      problems.push(
        `after closing them, only ${release.reopened} of ${DEFAULT_STREAMS_PER_MEMBER} streams could be opened again within ${RELEASE_WAIT_MS} ms`,
      );
    return {
      tabs,
      accepted,
      otherTab,
      reads,
      reopened: release.reopened,
      reopenedAfterMs: release.afterMs,
      problems,
    };
  } finally {
    stopReading.abort();
    closeTabs(otherTab ? [...tabs, otherTab] : tabs);
  }
}

/** Another member's task list, read again and again until told to stop. */
async function readTasksUntil(url: string, cookie: string, stop: AbortSignal) {
  const latencies: number[] = [];
  const failures: string[] = [];
  while (!stop.aborted) {
    const started = performance.now();
    const status = await fetchStatus(`${url}/api/tasks`, cookie);
    latencies.push(performance.now() - started);
    if (status !== '200') failures.push(`the other member's GET /api/tasks answered ${status}`);
    await sleep(5);
  }
  return { latencies, failures };
}

/** Three members with 30 streams each against a server allowing 50 in all: 50 open, the other 40 are 503. */
async function serverWideStreamCap(): Promise<Section> {
  const env = { EVENT_STREAMS_PER_MEMBER: '1000', EVENT_STREAMS_MAX: String(SERVER_STREAMS_MAX) };
  return withServer('stream-cap', env, async (server) => {
    const url = server.url;
    const members = await Promise.all(
      [1, 2, 3].map((n) =>
        signInOverHttp(url, { name: `Streamer ${n}`, email: `streamer${n}@example.test` }),
      ),
    );
    let tabs: Tab[] = [];
    try {
      tabs = (await Promise.all(members.map((cookie) => openTabs(url, cookie, 30)))).flat();
      closeTabs(tabs);
      const [first] = members;
      const release = first
        ? await reopenAfterClosing(url, first, SERVER_STREAMS_MAX)
        : { reopened: 0, afterMs: 0 };

      const accepted = tabs.filter((tab) => tab.status === 200).length;
      const figures: Figures = [
        [`server cap ${SERVER_STREAMS_MAX}, 3 × 30 streams: answers`, tally(tabs)],
        [
          'server cap: slots back after closing',
          `${release.reopened} of ${SERVER_STREAMS_MAX} in ${Math.round(release.afterMs)} ms`,
        ],
      ];
      const problems = tabProblems(tabs, { status: 503, code: 'server_busy' }).map(
        (problem) => `server cap: ${problem}`,
      );
      if (accepted !== SERVER_STREAMS_MAX)
        problems.push(`server cap: ${accepted} streams accepted, the cap is ${SERVER_STREAMS_MAX}`);
      if (release.reopened < SERVER_STREAMS_MAX)
        problems.push(
          `server cap: after closing them, only ${release.reopened} of ${SERVER_STREAMS_MAX} streams could be opened again within ${RELEASE_WAIT_MS} ms`,
        );
      return { figures, problems };
    } finally {
      closeTabs(tabs);
    }
  });
}

const spread = (values: number[]) =>
  `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} (${values.length} requests)`;
