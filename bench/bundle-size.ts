/**
 * First-load JavaScript of the built app (quality-bars.md: the /login entry ≤ 150 KB gzip): the scripts
 * index.html loads or preloads, gzipped. Run after `npm run build`; `npm run bench` prints it too.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../tests/setup/server-process.ts';

export function firstLoadJavaScript(): {
  files: { file: string; gzipKiB: number }[];
  totalKiB: number;
} | null {
  const webRoot = path.join(projectRoot, 'dist/web');
  const indexPath = path.join(webRoot, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => {
    const file = match[1] ?? '';
    return { file, gzipKiB: gzipSync(readFileSync(path.join(webRoot, file))).length / 1024 };
  });
  return { files, totalKiB: files.reduce((sum, f) => sum + f.gzipKiB, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = firstLoadJavaScript();
  if (!figures) {
    console.log('No build: run `npm run build` first.');
  } else {
    for (const f of figures.files)
      console.log(`${f.file.padEnd(44)} ${f.gzipKiB.toFixed(1).padStart(6)} KiB gzip`);
    console.log(`first-load JavaScript of /login: ${figures.totalKiB.toFixed(1)} KiB gzip (budget 150)`);
  }
}
