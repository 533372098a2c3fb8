import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(projectRoot, 'node_modules/.bin', name);

export type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };

export const step = (name: string, tool: string, args: string[], env?: Record<string, string>): Step => ({
  name,
  command: tool === 'node' ? process.execPath : bin(tool),
  args,
  ...(env ? { env } : {}),
});

/** Runs steps in order, stops at the first failure, and prints how long each took. */
export function runSteps(steps: Step[]): void {
  const timings: string[] = [];
  for (const s of steps) {
    const started = Date.now();
    console.log(`\n▶ ${s.name}`);
    const result = spawnSync(s.command, s.args, {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, ...s.env },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    timings.push(`  ${result.status === 0 ? '✓' : '✗'} ${s.name} (${seconds} s)`);
    if (result.status !== 0) {
      console.error(`\n✗ ${s.name} failed.\n${timings.join('\n')}`);
      process.exit(result.status ?? 1);
    }
  }
  console.log(`\nAll checks passed:\n${timings.join('\n')}`);
}
