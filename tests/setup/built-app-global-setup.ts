import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './server-process.ts';

/**
 * The two-server suite opens the community in Chromium on a server process, which serves the built browser app:
 * build it first when its sources changed since the last build (as `npm start` does), so the suite also runs
 * alone (`npm run test:scale-out`). `npm test` builds before this suite, so there it does nothing.
 */
export default function setup(): void {
  const result = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/build-if-stale.ts')], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`building the browser app failed (exit ${result.status})`);
}
