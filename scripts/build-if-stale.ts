/**
 * `npm start` builds what changed since the last build, so a restart of a built tree is ready in well under a
 * second: the browser app (dist/web, Vite) when its sources changed, and the server bundle (dist/server,
 * scripts/build-server.ts) when the server's did.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.ts';
import { projectRoot } from './run-steps.ts';

const at = (...parts: string[]) => parts.map((part) => path.join(projectRoot, part));

/** A build is stale when any of its inputs is newer than what it built. */
function isStale(built: string, inputs: string[]): boolean {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt === 0 || inputs.some((input) => newestMtime(input) > builtAt);
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const [builtIndex = ''] = at('dist/web/index.html');
if (
  isStale(
    builtIndex,
    at('src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress-assets.ts', 'package-lock.json'),
  )
) {
  console.log('Building the browser app…');
  const result = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/build-web.ts'), '--quiet'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const [builtServer = ''] = at('dist/server/main.mjs');
if (isStale(builtServer, at('src/server', 'src/shared', 'scripts/build-server.ts', 'package-lock.json'))) {
  console.log('Building the server…');
  await buildServer();
}
