/**
 * The browser figures (page scores and first-load JavaScript): Lighthouse
 * (bench/lighthouse.ts) and the page weight in Chromium (bench/page-weight.ts), against a running server with a
 * signed-in member. `measureBrowserFigures` is for bench/run.ts.
 * `node bench/browser-figures.ts` runs them alone. It builds nothing: run `npm run build` first (the server serves
 * dist/web).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInOverHttp } from '../tests/setup/http-sign-in.ts';
import { projectRoot, type ServerProcess, startServerProcess } from '../tests/setup/server-process.ts';
import { type BrowserTarget, measureLighthouse } from './lighthouse.ts';
import { measurePageWeight } from './page-weight.ts';
import { seedTasks } from './server-figures.ts';

const SEEDED_TASKS = 5;

export async function measureBrowserFigures(target: BrowserTarget): Promise<string[]> {
  const lighthouse = await measureLighthouse(target);
  const pageWeight = await measurePageWeight(target);
  return [...lighthouse, '', ...pageWeight];
}

/**
 * Starts a server of its own from the sources with the query counter loaded (bench/count-queries.ts), gives a
 * member a few tasks so the dashboard has something to show, and measures against it. The browser's figures do
 * not depend on how the server was started; the count of queries needs the sources' `pg`.
 */
export async function measureBrowserFiguresOnFreshServer(): Promise<string[]> {
  if (!existsSync(path.join(projectRoot, 'dist/web/index.html'))) {
    return ['Browser figures: no build (npm run build).'];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-bench-browser-'));
  try {
    // Development: the development sign-in is only served outside production, and run.ts measures the same way.
    const lumara = await startServerProcess(
      { DATA_DIR: dataDir, NODE_ENV: 'development' },
      { nodeArgs: ['--import', path.join(projectRoot, 'bench/count-queries.ts')] },
    );
    try {
      const cookie = await signInOverHttp(lumara.url);
      await seedTasks(lumara.url, cookie, SEEDED_TASKS);
      // The zone cookie the app writes at its first start, so the dashboard is painted by the server, as a member's is
      // from their second visit on (decision 0039). Chromium runs in this machine's zone, as this process does.
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      return await measureBrowserFigures({
        baseUrl: lumara.url,
        cookie: `${cookie}; lumara-time-zone=${encodeURIComponent(zone)}`,
        queriesSoFar: () => queriesSoFar(lumara),
      });
    } finally {
      await lumara.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How many times queriesSoFar has asked: the server echoes the count, so an answer is matched to its question. */
let asked = 0;

/** Asks a server started with bench/count-queries.ts for its count so far, and waits for the answer it prints. */
async function queriesSoFar(server: ServerProcess): Promise<number> {
  asked += 1;
  server.child.kill('SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 10) {
    for (const line of server.lines.slice(-20)) {
      const answer = /^\{"queriesSoFar":(\d+),"asked":(\d+)\}$/.exec(line);
      if (answer && Number(answer[2]) === asked) return Number(answer[1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server did not report its query count');
}

if (import.meta.main) console.log((await measureBrowserFiguresOnFreshServer()).join('\n'));
