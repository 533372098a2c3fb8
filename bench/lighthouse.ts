/**
 * Lighthouse on the built app (page scores): `/login` signed out and `/` (the dashboard) signed
 * in, each with Lighthouse's mobile default and with `--preset=desktop`, three runs each, medians. Lighthouse 13
 * runs as its CLI under this process's Node (24; Lighthouse 13 needs ≥ 22.19) with Debian's Chromium, headless,
 * performance category only. Then a check that the scripts and stylesheets the pages load go out compressed:
 * Lighthouse's own compression audit only looks at the HTML.
 * Prints figures, asserts nothing. Needs `vite build` first (dist/web) and a running server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/setup/chromium.ts';
import { projectRoot } from '../tests/setup/server-process.ts';
import { percentile } from './percentile.ts';

export type BrowserTarget = {
  baseUrl: string;
  cookie: string;
  /** The server's count of database queries so far, where it keeps one (bench/count-queries.ts). */
  queriesSoFar?: () => Promise<number>;
};

const RUNS = 3;
/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART): a failed run is tried again this often. */
const RETRIES = 2;
/** Lighthouse gives up on a page after 45 s by default; this only catches a run that hangs outright. */
const RUN_TIMEOUT_MS = 150_000;
/** Time for Lighthouse to close its Chromium after SIGINT before it is killed. */
const SIGINT_GRACE_MS = 5_000;
const lighthouseCli = path.join(projectRoot, 'node_modules/lighthouse/cli/index.js');
/**
 * Only what this machine needs on top of the CLI's defaults, so the bench reports what `lighthouse <url>
 * --chrome-flags="--headless=new --no-sandbox"` reports (chrome-launcher adds the flags that keep Chromium off the
 * network itself). The test browsers' `--disable-gpu` changed how the page is drawn from what the CLI measures.
 */
const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', '--no-sandbox'];
const webRoot = path.join(projectRoot, 'dist/web');

type Preset = 'mobile' | 'desktop';
type Goal = { score: number; lcpMs?: number; tbtMs?: number; cls?: number };
type PageCase = { name: string; path: string; signedIn: boolean; goals: Record<Preset, Goal> };
type RunFigures = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed at the time (higher is faster): noise shows here. */
  benchmarkIndex: number;
  landedOn: string;
  assetUrls: string[];
  warnings: string[];
};
type CaseFigures = { page: PageCase; preset: Preset; runs: RunFigures[]; errors: string[] };

/** The goals per page and preset: issue 32's (Lighthouse score, largest contentful paint, blocking time, layout shift). */
const PAGES: PageCase[] = [
  {
    name: '/login (signed out)',
    path: '/login',
    signedIn: false,
    goals: { mobile: { score: 99, lcpMs: 1_500 }, desktop: { score: 100 } },
  },
  {
    name: '/ (dashboard, signed in)',
    path: '/',
    signedIn: true,
    goals: { mobile: { score: 97, lcpMs: 2_000, tbtMs: 100, cls: 0.02 }, desktop: { score: 100 } },
  },
];
const PRESETS: Preset[] = ['mobile', 'desktop'];

export async function measureLighthouse(target: BrowserTarget): Promise<string[]> {
  if (!existsSync(CHROMIUM_PATH)) return [`Lighthouse: skipped, no Chromium at ${CHROMIUM_PATH}`];
  if (!existsSync(lighthouseCli)) return [`Lighthouse: skipped, ${lighthouseCli} is not installed`];
  // Lighthouse's Chromium profiles (chrome-launcher's `mktemp -d`) and the JSON reports all land here.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-lighthouse-'));
  try {
    const cases: CaseFigures[] = [];
    for (const page of PAGES) {
      for (const preset of PRESETS) cases.push(await measureCase(target, page, preset, scratch));
    }
    const assetUrls = new Set([...builtAssetUrls(target.baseUrl), ...cases.flatMap(networkAssetUrls)]);
    return [...tableLines(cases), ...problemLines(cases), '', ...(await compressionLines([...assetUrls]))];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function measureCase(
  target: BrowserTarget,
  page: PageCase,
  preset: Preset,
  scratch: string,
): Promise<CaseFigures> {
  const figures: CaseFigures = { page, preset, runs: [], errors: [] };
  for (let attempt = 0; figures.runs.length < RUNS && attempt < RUNS + RETRIES; attempt++) {
    const reportPath = path.join(scratch, `report-${process.hrtime.bigint()}.json`);
    const outcome = await runLighthouse(lighthouseArgs(target, page, preset, reportPath), scratch);
    const report = existsSync(reportPath) ? readReport(reportPath) : null;
    // LIGHTHOUSE_REPORTS_DIR keeps each run's whole report (long tasks, main-thread work) to read after.
    const keepIn = process.env.LIGHTHOUSE_REPORTS_DIR;
    if (keepIn && existsSync(reportPath)) {
      mkdirSync(keepIn, { recursive: true });
      const name = `${page.name.replace(/\W+/g, '-')}-${preset}-${figures.runs.length + figures.errors.length}.json`;
      copyFileSync(reportPath, path.join(keepIn, name));
    }
    rmSync(reportPath, { force: true });
    if (report?.runtimeError) figures.errors.push(report.runtimeError.message);
    else if (report) figures.runs.push(figuresOf(report));
    else figures.errors.push(outcome);
  }
  return figures;
}

function lighthouseArgs(target: BrowserTarget, page: PageCase, preset: Preset, reportPath: string): string[] {
  const args = [
    lighthouseCli,
    `${target.baseUrl}${page.path}`,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${reportPath}`,
    '--quiet',
    `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`,
  ];
  if (preset === 'desktop') args.push('--preset=desktop');
  // Sent with every request the page makes, the document included: the session cookie signs the dashboard in.
  if (page.signedIn) args.push(`--extra-headers=${JSON.stringify({ Cookie: target.cookie })}`);
  return args;
}

/** Runs one Lighthouse CLI; answers a description of how it ended (its stderr's tail when it failed). */
async function runLighthouse(args: string[], scratch: string): Promise<string> {
  const child = spawn(process.execPath, args, {
    cwd: scratch,
    // TMPDIR: chrome-launcher makes its user-data dir with `mktemp -d`, so it lands in the scratch dir removed after.
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH, TMPDIR: scratch },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const timer = setTimeout(() => stopHungRun(child), RUN_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  return code === 0 ? 'exited 0 without a report' : `exit ${code}: ${lastLine(stderr)}`;
}

/** SIGINT first: Lighthouse's launcher then closes the Chromium it started (its own process group). */
function stopHungRun(child: ChildProcess): void {
  child.kill('SIGINT');
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, SIGINT_GRACE_MS).unref();
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .at(-1) ?? 'no output';

function readReport(reportPath: string): Result | null {
  try {
    return JSON.parse(readFileSync(reportPath, 'utf8')) as Result;
  } catch {
    return null;
  }
}

function figuresOf(report: Result): RunFigures {
  const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((report.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: report.environment.benchmarkIndex,
    landedOn: new URL(report.finalDisplayedUrl).pathname,
    assetUrls: scriptAndStyleUrls(report),
    warnings: report.runWarnings.map(String),
  };
}

/** The scripts and stylesheets in Lighthouse's network records (its `network-requests` table). */
function scriptAndStyleUrls(report: Result): string[] {
  const details = report.audits['network-requests']?.details;
  if (details?.type !== 'table') return [];
  return details.items.flatMap((item) => {
    const type = item.resourceType;
    return typeof item.url === 'string' && (type === 'Script' || type === 'Stylesheet') ? [item.url] : [];
  });
}

const networkAssetUrls = (figures: CaseFigures) => figures.runs.flatMap((run) => run.assetUrls);

/** The scripts, module preloads and stylesheets dist/web/index.html names, as URLs on the server. */
function builtAssetUrls(baseUrl: string): string[] {
  const indexPath = path.join(webRoot, 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const wanted = tag.startsWith('<script') || /\brel="(?:stylesheet|modulepreload)"/.test(tag);
    const source = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return wanted && source ? [new URL(source, baseUrl).href] : [];
  });
}

const median = (values: number[]) => percentile(values, 50);
const seconds = (ms: number) => (Number.isNaN(ms) ? '–' : (ms / 1000).toFixed(2));
const millis = (ms: number) => (Number.isNaN(ms) ? '–' : String(Math.round(ms)));

function goalText(goal: Goal): string {
  const parts = [goal.score === 100 ? 'score 100' : `score ≥ ${goal.score}`];
  if (goal.lcpMs !== undefined) parts.push(`LCP ≤ ${(goal.lcpMs / 1000).toFixed(1)} s`);
  if (goal.tbtMs !== undefined) parts.push(`TBT ≤ ${goal.tbtMs} ms`);
  if (goal.cls !== undefined) parts.push(`CLS ≤ ${goal.cls}`);
  return parts.join(', ');
}

/** "yes", or which of the goal's figures the medians miss. */
function verdict(goal: Goal, score: number, lcpMs: number, tbtMs: number, cls: number): string {
  const missed: string[] = [];
  if (!(score >= goal.score)) missed.push('score');
  if (goal.lcpMs !== undefined && !(lcpMs <= goal.lcpMs)) missed.push('LCP');
  if (goal.tbtMs !== undefined && !(tbtMs <= goal.tbtMs)) missed.push('TBT');
  if (goal.cls !== undefined && !(cls <= goal.cls)) missed.push('CLS');
  return missed.length === 0 ? 'yes' : `no (${missed.join(', ')})`;
}

function tableLines(cases: CaseFigures[]): string[] {
  const lines = [
    `Lighthouse 13 on the built app (${CHROMIUM_PATH}, headless, performance only): medians of ${RUNS} runs`,
    '| page                     | preset  | score (runs)        | LCP s | TBT ms | FCP s | CLS   | goal                                              | met                  |',
    '|--------------------------|---------|---------------------|-------|--------|-------|-------|---------------------------------------------------|----------------------|',
  ];
  for (const { page, preset, runs } of cases) {
    const goal = page.goals[preset];
    const score = median(runs.map((run) => run.score));
    const lcpMs = median(runs.map((run) => run.lcpMs));
    const tbtMs = median(runs.map((run) => run.tbtMs));
    const fcpMs = median(runs.map((run) => run.fcpMs));
    const cls = median(runs.map((run) => run.cls));
    const scores = `${Number.isNaN(score) ? '–' : score} (${runs.map((run) => run.score).join(', ')})`;
    lines.push(
      `| ${page.name.padEnd(24)} | ${preset.padEnd(7)} | ${scores.padEnd(19)} | ${seconds(lcpMs).padStart(5)} | ${millis(tbtMs).padStart(6)} | ${seconds(fcpMs).padStart(5)} | ${(Number.isNaN(cls) ? '–' : cls.toFixed(3)).padStart(5)} | ${goalText(goal).padEnd(49)} | ${verdict(goal, score, lcpMs, tbtMs, cls).padEnd(20)} |`,
    );
  }
  const indexes = cases.flatMap(({ runs }) => runs.map((run) => run.benchmarkIndex));
  lines.push(
    `Lighthouse benchmarkIndex (machine speed; higher is faster): median ${Math.round(median(indexes))}, range ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}`,
  );
  return lines;
}

/** Failed runs and Lighthouse's run warnings (a page that never went quiet, a redirect…), once each. */
function problemLines(cases: CaseFigures[]): string[] {
  const lines: string[] = [];
  for (const { page, preset, runs, errors } of cases) {
    const label = `${page.name}, ${preset}`;
    const strays = runs.filter((run) => run.landedOn !== page.path).map((run) => run.landedOn);
    if (strays.length > 0) lines.push(`- ${label}: ${strays.length} run(s) ended on ${strays.join(', ')}`);
    for (const error of new Set(errors))
      lines.push(`- ${label}: a run failed (failed runs are tried again, up to ${RETRIES} extra): ${error}`);
    for (const warning of new Set(runs.flatMap((run) => run.warnings)))
      lines.push(`- ${label}: Lighthouse warned: ${warning}`);
  }
  return lines;
}

/** The size from which the build writes compressed copies (MIN_BYTES in scripts/precompress-assets.ts). */
const PRECOMPRESS_MIN_BYTES = 1024;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const basename = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const COMPRESSED = new Set(['br', 'gzip', 'zstd', 'deflate']);
type Served = { file: string; encoding: string; bytes: number; cacheControl: string };

/**
 * Fetches every script and stylesheet as a browser asks for it (`accept-encoding: br, gzip`) and reports the
 * `content-encoding` each came with, and whether each is cached as immutable (the same bar).
 */
async function compressionLines(urls: string[]): Promise<string[]> {
  if (urls.length === 0)
    return ['Compressed JS/CSS: no build found (dist/web/index.html) and no network records'];
  const served = await Promise.all(urls.sort().map(fetchServed));
  const plain = served.filter((file) => !COMPRESSED.has(file.encoding));
  const encodings = [...new Set(served.map((file) => file.encoding).filter((e) => COMPRESSED.has(e)))];
  // The build keeps no compressed copy of a file under 1 KiB (scripts/precompress-assets.ts): told apart from
  // larger files sent plain, which would be the finding.
  const small = plain.filter((file) => file.encoding === 'identity' && file.bytes < PRECOMPRESS_MIN_BYTES);
  const large = plain.filter((file) => !small.includes(file));
  const lines = [
    plain.length === 0
      ? `Compressed JS/CSS: all ${served.length} JS/CSS files compressed (${encodings.join(', ')})`
      : `Compressed JS/CSS: ${served.length - plain.length} of ${served.length} JS/CSS files compressed (${encodings.join(', ') || 'none'})`,
  ];
  if (small.length > 0)
    lines.push(
      `- sent plain, each under ${PRECOMPRESS_MIN_BYTES} bytes (${sum(small.map((file) => file.bytes))} bytes together): ${small.map((file) => `${basename(file.file)} (${file.bytes})`).join(', ')}`,
    );
  if (large.length > 0)
    lines.push(
      `- NOT compressed, ${PRECOMPRESS_MIN_BYTES} bytes or more: ${large.map((file) => `${file.file} (${file.encoding}, ${file.bytes} bytes)`).join(', ')}`,
    );
  const notImmutable = served.filter((file) => !/\bimmutable\b/.test(file.cacheControl));
  lines.push(
    notImmutable.length === 0
      ? `Cache-Control: all ${served.length} immutable`
      : `Cache-Control not immutable: ${notImmutable.map((file) => `${file.file} (${file.cacheControl || 'none'})`).join(', ')}`,
  );
  return lines;
}

async function fetchServed(url: string): Promise<Served> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  // fetch decodes the body, so the byte count is the file's own size; it matters only for files sent plain.
  const bytes = (await response.arrayBuffer()).byteLength;
  return {
    file: new URL(url).pathname,
    encoding: response.ok
      ? (response.headers.get('content-encoding') ?? 'identity')
      : `HTTP ${response.status}`,
    bytes,
    cacheControl: response.headers.get('cache-control') ?? '',
  };
}
