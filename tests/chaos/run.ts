/**
 * `npm run chaos`: Lumara tried as an operator and an attacker would, against real server processes on
 * the embedded database and on PostgreSQL. Each part injects one kind of fault and prints what it counted; the run
 * fails when a part's bar is missed. `--short` is the version CI runs inside `npm test` (a few rounds, 5,000 bad
 * requests); `--only=<part>[,<part>]` runs some parts. Figures are also written to bench/results/chaos-<time>.json.
 * Parts that need what a machine may lack (PostgreSQL's binaries, root for a small file system) say why they were
 * skipped.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '#tests/setup/server-process.ts';
import { backupUnderLoad } from './backup-under-load.ts';
import { badRequests } from './bad-requests.ts';
import type { ChaosPart, ChaosProfile, PartResult } from './chaos-kit.ts';
import { diskFull } from './disk-full.ts';
import { killRounds } from './kill-rounds.ts';
import { postgresRestart } from './postgres-restart.ts';
import { providerFaults } from './provider-faults.ts';
import { slowClients } from './slow-clients.ts';

const parts: ChaosPart[] = [
  killRounds,
  postgresRestart,
  providerFaults,
  diskFull,
  badRequests,
  slowClients,
  backupUnderLoad,
];

const args = process.argv.slice(2);
const profile: ChaosProfile = { short: args.includes('--short') };
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const chosen = only ? parts.filter((part) => only.includes(part.name)) : parts;
if (only && chosen.length !== only.length) {
  console.error(`Unknown part in --only; the parts are: ${parts.map((part) => part.name).join(', ')}`);
  process.exit(2);
}

console.log(
  `Chaos suite (${profile.short ? 'short' : 'full'}): ${chosen.map((part) => part.name).join(', ')}`,
);
const results: PartResult[] = [];
for (const part of chosen) {
  const started = Date.now();
  console.log(`\n▶ ${part.name}`);
  let result: PartResult;
  try {
    result = await part.run(profile);
  } catch (error) {
    result = {
      name: part.name,
      status: 'failed',
      figures: [],
      problems: [
        `the part itself failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
      ],
    };
  }
  results.push(result);
  const width = Math.max(...result.figures.map(([label]) => label.length), 0);
  for (const [label, value] of result.figures) console.log(`  ${label.padEnd(width)}  ${value}`);
  for (const problem of result.problems)
    console.log(`  ${result.status === 'skipped' ? '–' : '✗'} ${problem}`);
  console.log(
    `  ${symbol(result)} ${part.name} ${result.status} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

const dir = path.join(projectRoot, 'bench/results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `chaos-${new Date().toISOString().replace(/[-:.]/g, '')}.json`);
writeFileSync(file, JSON.stringify({ profile, results }, null, 2));
console.log(`\n${results.map((result) => `${symbol(result)} ${result.name}`).join('\n')}\nFigures: ${file}`);
process.exit(results.some((result) => result.status === 'failed') ? 1 : 0);

function symbol(result: PartResult): string {
  return result.status === 'passed' ? '✓' : result.status === 'failed' ? '✗' : '–';
}
