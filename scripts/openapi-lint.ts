/**
 * `npm run lint:openapi`, a step of `npm test` (scripts/test.ts): Redocly's `recommended` rules (redocly.yaml) on
 * the OpenAPI document `GET /api/openapi.json` serves, the checks client generators need (an operationId on every
 * operation, servers, no broken references). The app builds the document itself, in this process, with no server
 * and no database. Any error fails; warnings are printed. Redocly runs offline: no telemetry, no update check.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '#server/app.ts';
import { defaultLimits } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { createDevIdentityProvider } from '#server/features/auth/dev-identity-provider.ts';
import { createLogger } from '#server/lib/infra/logger.ts';
import { projectRoot } from './run-steps.ts';

const redoclyCli = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));

/**
 * A database the app is built with but never reaches: building the routes only hands `database.db` and its like
 * around, and any use of them (a query, a ping) throws.
 */
const unreachable = new Proxy({} as Database, {
  get: (_database, part) =>
    new Proxy(
      {},
      {
        get(_target, property) {
          throw new Error(
            `the OpenAPI document asked the database (database.${String(part)}.${String(property)})`,
          );
        },
      },
    ),
});

/** The document as the app serves it. */
async function servedOpenApiDocument(workDir: string): Promise<unknown> {
  const appUrl = new URL('http://localhost:3000');
  // Closed before it starts: no sweep, notification dispatcher or generation worker runs.
  const closing = AbortSignal.abort();
  const app = createApp({
    database: unreachable,
    appUrl,
    identityProvider: createDevIdentityProvider({ appUrl, now: () => new Date() }),
    logger: createLogger('silent'),
    closing,
    limits: defaultLimits(),
    media: {
      dir: path.join(workDir, 'media'),
      uploadsDir: path.join(workDir, 'uploads'),
      maxBytes: 1,
      quotaBytes: 1,
      jobTimeoutMs: 1,
      outbound: { extraAllowed: [], extraPorts: [] },
    },
  });
  const answer = await app.request(new URL('/api/openapi.json', appUrl));
  if (answer.status !== 200) throw new Error(`GET /api/openapi.json answered ${answer.status}`);
  return await answer.json();
}

/** Redocly's exit status on the document: 0 without errors. */
function lint(file: string): number {
  const result = spawnSync(
    process.execPath,
    [
      redoclyCli,
      'lint',
      file,
      '--config',
      path.join(projectRoot, 'redocly.yaml'),
      '--format',
      'stylish',
      '--max-problems',
      '1000',
    ],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      },
    },
  );
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'lumara-openapi-'));
try {
  const file = path.join(workDir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await servedOpenApiDocument(workDir), null, 2));
  process.exitCode = lint(file);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
