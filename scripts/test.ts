/**
 * `npm test`: every check, in the order that fails fastest. The end-to-end step builds the app and drives it in
 * Debian's Chromium, installing Chromium first when it can. The short chaos suite comes last: real server
 * processes killed, a database restarted, a disk filled, 5,000 bad requests (tests/chaos/run.ts).
 */
import { runSteps, step } from './run-steps.ts';

runSteps([
  step('type-check', 'tsc', ['--noEmit']),
  step('import boundaries', 'depcruise', [
    'src',
    '--config',
    '.dependency-cruiser.ts',
    '--output-type',
    'err',
  ]),
  step('lint', 'biome', ['check', '.']),
  // Files, exports and dependencies nothing uses (knip.jsonc says where the app, tests and tools start).
  step('unused code', 'knip', ['--no-progress']),
  step('interface texts in the catalogues', 'node', ['scripts/check-i18n.ts']),
  // Redocly's recommended rules on the OpenAPI document, built without a server (redocly.yaml), offline.
  step('OpenAPI document lint', 'node', ['scripts/openapi-lint.ts'], {
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  }),
  step('server tests', 'vitest', ['run', '--project', 'server']),
  step('web tests', 'vitest', ['run', '--project', 'web']),
  step('chromium', 'node', ['scripts/ensure-chromium.ts']),
  // The browser app, its server renderer and the prerendered sign-in page (scripts/build-web.ts).
  step('build', 'node', ['scripts/build-web.ts', '--quiet']),
  step('build the server', 'node', ['scripts/build-server.ts']),
  // After the build and Chromium: one of its cases opens the community in the browser on server B.
  step('two-server suite', 'vitest', ['run', '--project', 'scale-out']),
  step('end-to-end tests in Chromium', 'playwright', ['test']),
  step('chaos suite, short (npm run chaos for the full one)', 'node', ['tests/chaos/run.ts', '--short']),
]);
