/**
 * What a first visit costs in the browser (first-load JavaScript and page weight), measured
 * in Debian's Chromium through Playwright rather than from the build's files: `/login` signed out and `/` (the
 * dashboard) signed in, each in three fresh browser contexts (empty cache), loaded until the network is quiet.
 * Per page, medians of the three: the JavaScript that crossed the wire (compressed, as Chromium's network stack
 * counted it) and its decoded size, how much of it was requested before the first contentful paint, and for the
 * dashboard the `/api/` calls one load makes.
 * Prints figures, asserts nothing. Needs `vite build` first (dist/web) and a running server.
 */
import { existsSync } from 'node:fs';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium.ts';
import { cookiesOf } from '../tests/setup/cookies.ts';
import type { BrowserTarget } from './lighthouse.ts';
import { percentile } from './percentile.ts';

const RUNS = 3;
/** "Quiet": no request in flight for this long (the long-lived event stream aside), as Playwright's networkidle. */
const QUIET_MS = 500;
/** A page that never goes quiet is measured as it stands after this long. */
const QUIET_CAP_MS = 15_000;
const POLL_MS = 25;
/** The server-sent event stream stays open for the page's life: never "finished", so not waited for. */
const EVENT_STREAM_PATH = '/api/events';
const KIB = 1024;

type PageCase = {
  name: string;
  path: string;
  signedIn: boolean;
  goals: { jsWireKiB: number; filesBeforePaint?: number; apiCalls?: number };
};
type TrackedRequest = {
  url: URL;
  method: string;
  resourceType: string;
  /** Bytes received for it, headers and (compressed) body: CDP's encodedDataLength at loadingFinished. */
  wireBytes: number;
  /** Body bytes after decompression: the sum of CDP's dataReceived dataLength. */
  decodedBytes: number;
  done: boolean;
};
type LoadFigures = {
  landedOn: string;
  jsFiles: number;
  jsWireBytes: number;
  jsDecodedBytes: number;
  /** The compressed bodies alone (Resource Timing's encodedBodySize): the wire bytes less the response headers. */
  jsBodyBytes: number;
  fcpMs: number;
  filesBeforePaint: number;
  wireBytesBeforePaint: number;
  apiCalls: string[];
  eventStreams: number;
  /** Database queries the server ran during the load, where it counts them. */
  queries: number | null;
};

const PAGES: PageCase[] = [
  { name: '/login (signed out)', path: '/login', signedIn: false, goals: { jsWireKiB: 150 } },
  {
    name: '/ (dashboard, signed in)',
    path: '/',
    signedIn: true,
    goals: { jsWireKiB: 220, filesBeforePaint: 12, apiCalls: 3 },
  },
];

export async function measurePageWeight(target: BrowserTarget): Promise<string[]> {
  if (!existsSync(CHROMIUM_PATH)) return [`Page weight: skipped, no Chromium at ${CHROMIUM_PATH}`];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const results: { page: PageCase; loads: LoadFigures[] }[] = [];
    for (const page of PAGES) {
      const loads: LoadFigures[] = [];
      for (let run = 0; run < RUNS; run++) loads.push(await measureLoad(browser, target, page));
      results.push({ page, loads });
    }
    return [...tableLines(results), ...results.flatMap(({ page, loads }) => detailLines(page, loads))];
  } finally {
    await browser.close();
  }
}

/** One load of one page in a fresh context, so nothing comes from a cache. */
async function measureLoad(
  browser: Browser,
  target: BrowserTarget,
  pageCase: PageCase,
): Promise<LoadFigures> {
  const context = await browser.newContext();
  try {
    if (pageCase.signedIn) await context.addCookies(cookiesOf(target.cookie, target.baseUrl));
    const page = await context.newPage();
    const requests = await trackRequests(await context.newCDPSession(page));
    const queriesBefore = await target.queriesSoFar?.();
    await page.goto(`${target.baseUrl}${pageCase.path}`, { waitUntil: 'load' });
    await waitForQuiet(requests);
    const queriesAfter = await target.queriesSoFar?.();
    const queries =
      queriesBefore === undefined || queriesAfter === undefined ? null : queriesAfter - queriesBefore;
    return { ...figuresOf(page, requests, await paintAndStarts(page)), queries };
  } finally {
    await context.close();
  }
}

/** Follows every request of the page through the DevTools protocol, keyed by its request id. */
async function trackRequests(cdp: CDPSession): Promise<Map<string, TrackedRequest>> {
  const requests = new Map<string, TrackedRequest>();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, {
      url: new URL(event.request.url),
      method: event.request.method,
      resourceType: event.type ?? 'Other',
      wireBytes: 0,
      decodedBytes: 0,
      done: false,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.resourceType = event.type;
  });
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.decodedBytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.wireBytes = event.encodedDataLength;
    request.done = true;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.done = true;
  });
  await cdp.send('Network.enable');
  return requests;
}

const isEventStream = (request: TrackedRequest) => request.url.pathname === EVENT_STREAM_PATH;

/** Waits until no request but the event stream has been in flight for QUIET_MS (the app's lazy chunks and API
 * calls start after `load`). */
async function waitForQuiet(requests: Map<string, TrackedRequest>): Promise<void> {
  const deadline = Date.now() + QUIET_CAP_MS;
  let quietSince = Date.now();
  let seen = requests.size;
  while (Date.now() < deadline) {
    const busy = [...requests.values()].some((request) => !request.done && !isEventStream(request));
    if (busy || requests.size !== seen) {
      quietSince = Date.now();
      seen = requests.size;
    } else if (Date.now() - quietSince >= QUIET_MS) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

type ResourceEntry = { startTime: number; encodedBodySize: number };
type PaintAndStarts = { fcpMs: number; resources: Record<string, ResourceEntry> };

/**
 * First contentful paint and each resource's start, both on the page's own clock (ms since navigation), and each
 * resource's compressed body size.
 */
async function paintAndStarts(page: Page): Promise<PaintAndStarts> {
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const resources: Record<string, { startTime: number; encodedBodySize: number }> = {};
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      // The first request for a URL is the one that counts: a repeat would have come from memory.
      resources[entry.name] ??= { startTime: entry.startTime, encodedBodySize: entry.encodedBodySize };
    }
    return { fcpMs: fcp ? fcp.startTime : Number.NaN, resources };
  });
}

const isJavaScript = (request: TrackedRequest) =>
  request.resourceType === 'Script' || /\.m?js$/.test(request.url.pathname);

function figuresOf(
  page: Page,
  requests: Map<string, TrackedRequest>,
  timing: PaintAndStarts,
): Omit<LoadFigures, 'queries'> {
  const all = [...requests.values()];
  const scripts = all.filter(isJavaScript);
  // A script with no resource timing entry (none expected on one origin) is counted as after the paint.
  const beforePaint = scripts.filter(
    (request) => (timing.resources[request.url.href]?.startTime ?? Infinity) < timing.fcpMs,
  );
  const api = all.filter((request) => request.url.pathname.startsWith('/api/'));
  return {
    landedOn: new URL(page.url()).pathname,
    jsFiles: scripts.length,
    jsWireBytes: sum(scripts.map((request) => request.wireBytes)),
    jsDecodedBytes: sum(scripts.map((request) => request.decodedBytes)),
    jsBodyBytes: sum(scripts.map((request) => timing.resources[request.url.href]?.encodedBodySize ?? 0)),
    fcpMs: timing.fcpMs,
    filesBeforePaint: beforePaint.length,
    wireBytesBeforePaint: sum(beforePaint.map((request) => request.wireBytes)),
    apiCalls: api
      .filter((request) => !isEventStream(request))
      .map((request) => `${request.method} ${request.url.pathname}${request.url.search}`),
    eventStreams: api.filter(isEventStream).length,
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const median = (values: number[]) => percentile(values, 50);
const kib = (bytes: number) => (bytes / KIB).toFixed(1);

function verdict(page: PageCase, wireKiB: number, filesBeforePaint: number, apiCalls: number): string {
  const missed: string[] = [];
  if (!(wireKiB <= page.goals.jsWireKiB)) missed.push('JS KiB');
  const { filesBeforePaint: fileGoal, apiCalls: apiGoal } = page.goals;
  if (fileGoal !== undefined && !(filesBeforePaint <= fileGoal)) missed.push('files before FCP');
  if (apiGoal !== undefined && !(apiCalls <= apiGoal)) missed.push('API calls');
  return missed.length === 0 ? 'yes' : `no (${missed.join(', ')})`;
}

function goalText(page: PageCase): string {
  const parts = [`JS ≤ ${page.goals.jsWireKiB} KiB`];
  if (page.goals.filesBeforePaint !== undefined) parts.push(`≤ ${page.goals.filesBeforePaint} before FCP`);
  if (page.goals.apiCalls !== undefined) parts.push(`≤ ${page.goals.apiCalls} API calls`);
  return parts.join(', ');
}

function tableLines(results: { page: PageCase; loads: LoadFigures[] }[]): string[] {
  const lines = [
    `Page weight in Chromium (Playwright, a fresh context per load, no cache): medians of ${RUNS} loads until the network is quiet`,
    '| page                     | JS files | JS wire KiB | compressed bodies KiB | JS decoded KiB | FCP ms | JS files before FCP | their wire KiB | /api/ calls | goal                                          | met                                      |',
    '|--------------------------|----------|-------------|-----------------------|----------------|--------|---------------------|----------------|-------------|-----------------------------------------------|------------------------------------------|',
  ];
  for (const { page, loads } of results) {
    const of = (pick: (load: LoadFigures) => number) => median(loads.map(pick));
    const wireKiB = of((load) => load.jsWireBytes) / KIB;
    const filesBeforePaint = of((load) => load.filesBeforePaint);
    const apiCalls = of((load) => load.apiCalls.length);
    lines.push(
      `| ${page.name.padEnd(24)} | ${String(of((load) => load.jsFiles)).padStart(8)} | ${wireKiB.toFixed(1).padStart(11)} | ${kib(of((load) => load.jsBodyBytes)).padStart(21)} | ${kib(of((load) => load.jsDecodedBytes)).padStart(14)} | ${String(Math.round(of((load) => load.fcpMs))).padStart(6)} | ${String(filesBeforePaint).padStart(19)} | ${kib(of((load) => load.wireBytesBeforePaint)).padStart(14)} | ${String(apiCalls).padStart(11)} | ${goalText(page).padEnd(45)} | ${verdict(page, wireKiB, filesBeforePaint, apiCalls).padEnd(40)} |`,
    );
  }
  lines.push(
    'JS wire KiB: response headers and compressed bodies as received (CDP encodedDataLength), what the goal is read against; compressed bodies: without the headers (Resource Timing encodedBodySize); decoded: the bodies unpacked.',
  );
  return lines;
}

/** Where a load did not stay on its page (a signed-in page that sent the browser to /login), and the API calls. */
function detailLines(page: PageCase, loads: LoadFigures[]): string[] {
  const lines: string[] = [];
  const strays = loads.filter((load) => load.landedOn !== page.path).map((load) => load.landedOn);
  if (strays.length > 0) lines.push(`- ${page.name}: ${strays.length} load(s) ended on ${strays.join(', ')}`);
  if (page.goals.apiCalls === undefined) return lines;
  const [first] = loads;
  if (!first) return lines;
  lines.push(
    `${page.name}: /api/ calls per load ${loads.map((load) => load.apiCalls.length).join(', ')} (${EVENT_STREAM_PATH} streams besides: ${loads.map((load) => load.eventStreams).join(', ')}); the first load's:`,
    ...first.apiCalls.map((call) => `  - ${call}`),
  );
  const queries = loads.map((load) => load.queries);
  if (queries.every((count) => count !== null)) {
    lines.push(`${page.name}: database queries per load ${queries.join(', ')} (goal ≤ 10)`);
  }
  return lines;
}
