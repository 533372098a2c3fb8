import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeBinary, projectRoot } from '#tests/setup/server-process.ts';

/**
 * The lint zones bite (scripts/lint-zones.ts, decision 0019): files that break them are written into a temporary
 * folder beside a copy of the repo's biome.json, biome.zones.json and package.json, linted once, and each file's findings checked.
 * Per probe file: the imports its zone refuses, then imports it may make.
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
      '#web/features/media/api/media-counts.ts',
      '#server/app.ts',
      '#server/lib/http/errors.ts',
      'node:fs/promises',
    ],
    allowed: ['#web/lib/api-client.ts'],
  },
  'src/web/features/generation/probe.ts': {
    refused: ['#web/features/tasks/api/tasks.ts'],
    allowed: ['#web/features/media/api/media-counts.ts', '#web/features/ai/api/get-ai-models.ts'],
  },
  'src/web/lib/probe.ts': {
    refused: ['#web/features/profile/api/profile.ts', '../app/router.tsx', '#server/app.ts'],
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

type Diagnostic = { category: string; location: { path: string; start: { line: number } } };
const root = mkdtempSync(path.join(os.tmpdir(), 'lumara-lint-zones-'));
let diagnostics: Diagnostic[] = [];

beforeAll(() => {
  for (const file of ['biome.json', 'biome.zones.json', 'package.json']) {
    cpSync(path.join(projectRoot, file), path.join(root, file));
  }
  const files: Record<string, string> = { ...others };
  for (const [file, { refused, allowed }] of Object.entries(probes)) {
    const specifiers = [...refused, ...allowed];
    const names = specifiers.map((_, i) => `v${i}`);
    files[file] = [
      ...specifiers.map((specifier, i) => `import { v${i} } from '${specifier}';`),
      `\nexport const all = [${names.join(', ')}];\n`,
    ].join('\n');
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const result = spawnSync(
    path.join(projectRoot, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: root, encoding: 'utf8' },
  );
  diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const findings = (file: string, rule: string) =>
  diagnostics.filter((d) => d.location.path === file && d.category === `lint/${rule}`);

describe('lint zones', () => {
  it.each(Object.keys(probes))('%s: only the imports its zone refuses fail', (file) => {
    const probe = probes[file] ?? { refused: [], allowed: [] };
    const specifiers = [...probe.refused, ...probe.allowed];
    // In line order: Biome does not report one file's findings in the order of its lines.
    const lines = findings(file, 'style/noRestrictedImports')
      .map((d) => d.location.start.line)
      .sort((a, b) => a - b);
    expect(lines.map((line) => specifiers[line - 1])).toEqual(probe.refused);
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

  it('finds nothing else in the probes', () => {
    const expected = [
      'style/noRestrictedImports',
      'style/noProcessEnv',
      'suspicious/noImportCycles',
      'style/useFilenamingConvention',
    ].map((rule) => `lint/${rule}`);
    const unexpected = diagnostics.filter((d) => !expected.includes(d.category));
    expect(unexpected).toEqual([]);
  });

  it('biome.zones.json is what scripts/lint-zones.ts generates, and biome.json extends it', () => {
    const result = spawnSync(nodeBinary, [path.join(projectRoot, 'scripts/lint-zones.ts'), '--check'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
  });
});
