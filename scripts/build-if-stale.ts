/**
 * `npm start` builds the browser app only when its sources changed since the last build, so a restart of a
 * built tree is ready in about a second.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './run-steps.ts';

const builtIndex = path.join(projectRoot, 'dist/web/index.html');
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) =>
  path.join(projectRoot, p),
);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt > 0 && inputs.every((input) => newestMtime(input) <= builtAt)) process.exit(0);

console.log('Building the browser app…');
const result = spawnSync(path.join(projectRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
  cwd: projectRoot,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
