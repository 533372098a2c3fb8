import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeBinary, projectRoot } from '#tests/setup/server-process.ts';

/**
 * The import boundaries bite (.dependency-cruiser.ts): a copy of src/ with files that break them is cruised once,
 * and each probe's refused imports must be the ones found. Biome's own rules on the same copy: process.env read
 * outside config.ts, import cycles, file names.
 * Per probe file: the imports its layer refuses, then imports it may make.
 */
const probes: Record<string, { refused: string[]; allowed: string[] }> = {
  // Server foundations sit below features and the app.
  'src/server/lib/http/probe.ts': {
    refused: ['#server/features/tasks/tasks.service.ts', '../../app.ts', '../../composition/profile-me.ts'],
    allowed: ['./errors.ts', '../infra/logger.ts', '../../config.ts'],
  },
  // The composition layer composes features below the app; nothing below it imports it.
  'src/server/composition/probe.ts': {
    refused: ['#server/app.ts', '../main.ts'],
    allowed: [
      '#server/features/tasks/tasks.service.ts',
      '../features/music/music.service.ts',
      '../db/schema.ts',
    ],
  },
  'src/server/providers/probe.ts': { refused: ['#server/main.ts'], allowed: ['#server/lib/http/errors.ts'] },
  'src/server/db/embedded/probe.ts': {
    refused: ['../../features/media/import-media-file.ts'],
    allowed: ['../schema.ts'],
  },
  'src/server/lib/http/request-guards.test.ts': {
    refused: ['#server/features/auth/require-member.ts'],
    allowed: ['#server/app.ts'],
  },
  // Server features import each other only along the table's edges.
  'src/server/features/tasks/probe.ts': {
    refused: [
      '../music/music.service.ts',
      '#server/features/ai/ai.service.ts',
      '#server/app.ts',
      '../auth/require-member.ts',
      '#server/composition/profile-me.ts',
      '../../composition/dashboard-first-load.ts',
    ],
    allowed: [
      '../badges/badges.service.ts',
      '#server/lib/http/errors.ts',
      '../../config.ts',
      './tasks.service.ts',
    ],
  },
  'src/server/features/events/probe.ts': {
    refused: ['#server/features/auth/auth-cookies.ts', '../auth/require-member.ts'],
    allowed: ['./stream-slots.ts'],
  },
  'src/server/features/events/probe.test.ts': {
    refused: ['../auth/sessions.service.ts'],
    allowed: ['#server/features/auth/auth-cookies.ts', '#server/features/auth/require-member.ts'],
  },
  'src/server/features/health/probe.ts': {
    refused: ['#web/lib/query-client.ts', 'react'],
    allowed: ['hono'],
  },
  // Web: features along decision 0015's edges, foundations below features, never server code.
  'src/web/features/tasks/probe.ts': {
    refused: [
      '#web/features/media/api/get-media.ts',
      '#server/app.ts',
      '#server/lib/http/errors.ts',
      'node:fs/promises',
    ],
    allowed: ['#web/lib/api-client.ts'],
  },
  'src/web/features/generation/probe.ts': {
    refused: ['#web/features/tasks/api/get-tasks.ts'],
    allowed: ['#web/features/media/api/get-media.ts', '#web/features/ai/api/get-ai-models.ts'],
  },
  'src/web/lib/probe.ts': {
    refused: ['#web/features/profile/api/get-profile-me.ts', '../app/router.tsx', '#server/app.ts'],
    allowed: ['./query-keys.ts'],
  },
  // The contract imports neither side.
  'src/shared/probe.ts': {
    refused: ['node:fs', '#server/config.ts', '#web/lib/api-client.ts', 'react'],
    allowed: ['zod', './errors.ts'],
  },
};

const others: Record<string, string> = {
  'src/server/lib/reads-env.ts': 'export const port = process.env.PORT;\n',
  'src/server/config.ts': 'export const port = process.env.PORT;\n',
  'src/web/features/tasks/reads-env.test.ts': 'export const runs = process.env.FUZZ_RUNS;\n',
  'src/server/lib/cycle-a.ts': "import { b } from './cycle-b.ts';\n\nexport const a = () => b;\n",
  'src/server/lib/cycle-b.ts': "import { a } from '#server/lib/cycle-a.ts';\n\nexport const b = () => a;\n",
  'src/web/ui/TaskCard.tsx': 'export const TaskCard = () => null;\n',
};

type Dependency = { module: string; valid: boolean };
type CruisedModule = { source: string; dependencies: Dependency[] };
type Diagnostic = { category: string; location: { path: string } };
const root = mkdtempSync(path.join(os.tmpdir(), 'lumara-boundaries-'));
let cruised: CruisedModule[] = [];
let diagnostics: Diagnostic[] = [];

beforeAll(() => {
  cpSync(path.join(projectRoot, 'src'), path.join(root, 'src'), { recursive: true });
  for (const file of ['.dependency-cruiser.ts', 'biome.json', 'package.json', 'tsconfig.json']) {
    cpSync(path.join(projectRoot, file), path.join(root, file));
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  const files: Record<string, string> = { ...others };
  for (const [file, { refused, allowed }] of Object.entries(probes)) {
    const specifiers = [...refused, ...allowed];
    files[file] = [
      ...specifiers.map((specifier, i) => `import { v${i} } from '${specifier}';`),
      `\nexport const all = [${specifiers.map((_, i) => `v${i}`).join(', ')}];\n`,
    ].join('\n');
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const cruise = spawnSync(
    nodeBinary,
    [
      path.join(projectRoot, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
      'src',
      '--config',
      '.dependency-cruiser.ts',
      '--output-type',
      'json',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  cruised = (JSON.parse(cruise.stdout) as { modules: CruisedModule[] }).modules;
  const lint = spawnSync(
    path.join(projectRoot, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', ...Object.keys(others)],
    { cwd: root, encoding: 'utf8' },
  );
  diagnostics = (JSON.parse(lint.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** dependency-cruiser names Node's modules without their `node:` prefix. */
const asCruised = (specifier: string) => specifier.replace(/^node:/, '');

const findings = (file: string, rule: string) =>
  diagnostics.filter((d) => d.location.path === file && d.category === `lint/${rule}`);

describe('import boundaries', () => {
  it.each(Object.keys(probes))('%s: only the imports its layer refuses fail', (file) => {
    const probe = probes[file] ?? { refused: [], allowed: [] };
    const dependencies = cruised.find((module) => module.source === file)?.dependencies ?? [];
    expect(dependencies.map((d) => d.module).sort()).toEqual(
      [...probe.refused, ...probe.allowed].map(asCruised).sort(),
    );
    const refused = dependencies.filter((d) => !d.valid).map((d) => d.module);
    expect(refused.sort()).toEqual(probe.refused.map(asCruised).sort());
  });

  it('refuses process.env outside src/server/config.ts and tests', () => {
    expect(findings('src/server/lib/reads-env.ts', 'style/noProcessEnv')).toHaveLength(1);
    expect(findings('src/server/config.ts', 'style/noProcessEnv')).toHaveLength(0);
    expect(findings('src/web/features/tasks/reads-env.test.ts', 'style/noProcessEnv')).toHaveLength(0);
  });

  it('refuses import cycles and file names not in kebab-case', () => {
    expect(findings('src/server/lib/cycle-a.ts', 'suspicious/noImportCycles')).toHaveLength(1);
    expect(findings('src/web/ui/TaskCard.tsx', 'style/useFilenamingConvention')).toHaveLength(1);
  });
});
