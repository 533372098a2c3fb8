/**
 * First-load JavaScript of the built app (the aims: the /login entry ≤ 150 KB gzip, decision 0027; the dashboard
 * ≤ 200 KiB gzip in ≤ 12 files, decision 0043), gzipped:
 * - /login: the scripts index.html loads or preloads;
 * - / (the dashboard, signed in): those plus the chunks the router loads for it (the app shell and the dashboard
 *   page, chunks named after their module) and every chunk they import statically (`import … from "./x.js"`;
 *   dynamic `import("./x.js")` loads later and is not counted).
 * Run after `npm run build`; `npm run bench` prints it too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../tests/setup/server-process.ts';

/** The dashboard's first load: at most this much JavaScript, in at most this many files (decision 0043). */
export const DASHBOARD_BUDGET = { kib: 200, files: 12 };

type Figures = { files: { file: string; gzipKiB: number }[]; totalKiB: number };

const webRoot = path.join(projectRoot, 'dist/web');
/**
 * The chunks the router loads for `/` besides the entry (src/web/app/router.tsx), by their module's name: the app
 * shell and the dashboard page, and their texts in English (decision 0043: each part loads its own).
 */
const dashboardRouteChunks = ['app-shell', 'dashboard-page', 'texts-en-shell', 'texts-en-dashboard'];
/** A static import or re-export of a sibling chunk in minified ESM: `import{a}from"./x.js"`, `import"./x.js"`. */
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["']\.\/([^"']+\.js)["']/g;

function figuresOf(files: string[]): Figures {
  const measured = files.map((file) => ({
    file,
    gzipKiB: gzipSync(readFileSync(path.join(webRoot, file))).length / 1024,
  }));
  return { files: measured, totalKiB: measured.reduce((sum, f) => sum + f.gzipKiB, 0) };
}

function entryScripts(): string[] | null {
  const indexPath = path.join(webRoot, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
}

export function firstLoadJavaScript(): Figures | null {
  const scripts = entryScripts();
  return scripts ? figuresOf(scripts) : null;
}

/** The dashboard's first load: the entry's scripts and the route's chunks with their static imports. */
export function dashboardFirstLoadJavaScript(): Figures | null {
  const scripts = entryScripts();
  if (!scripts) return null;
  const assets = readdirSync(path.join(webRoot, 'assets'));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(path.join(webRoot, file), 'utf8');
    for (const match of text.matchAll(staticImport)) visit(`assets/${match[1]}`);
  };
  for (const script of scripts) visit(script);
  for (const name of dashboardRouteChunks) {
    const chunk = assets.find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
    if (chunk) visit(`assets/${chunk}`);
  }
  return figuresOf([...files]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const login = firstLoadJavaScript();
  const dashboard = dashboardFirstLoadJavaScript();
  if (!login) {
    console.log('No build: run `npm run build` first.');
  } else {
    for (const f of login.files)
      console.log(`${f.file.padEnd(44)} ${f.gzipKiB.toFixed(1).padStart(6)} KiB gzip`);
    console.log(`first-load JavaScript of /login: ${login.totalKiB.toFixed(1)} KiB gzip (budget 150)`);
    if (dashboard) {
      for (const f of dashboard.files)
        console.log(`${f.file.padEnd(44)} ${f.gzipKiB.toFixed(1).padStart(6)} KiB gzip`);
      console.log(
        `first-load JavaScript of /: ${dashboard.totalKiB.toFixed(1)} KiB gzip in ${dashboard.files.length} files (budget ${DASHBOARD_BUDGET.kib} KiB in ${DASHBOARD_BUDGET.files})`,
      );
    }
  }
}
