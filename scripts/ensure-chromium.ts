/**
 * The end-to-end suite drives Debian's Chromium (never a browser downloaded by Playwright). Where it is missing,
 * install it when we can (root with apt-get); otherwise stop at once with the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(chromium)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
  console.error(
    `Chromium was not found at ${chromium}. The end-to-end tests need it. Install it with:\n\n` +
      '  sudo apt-get update && sudo apt-get install -y chromium\n\n' +
      '(or point CHROMIUM_PATH at a Chromium binary).',
  );
  process.exit(1);
}

console.log('Chromium is missing: installing Debian’s chromium package…');
const install = spawnSync(
  'sh',
  ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
  {
    stdio: 'inherit',
  },
);
if (install.status !== 0 || !existsSync(chromium)) {
  console.error('Installing Chromium failed. Run: sudo apt-get update && sudo apt-get install -y chromium');
  process.exit(1);
}
