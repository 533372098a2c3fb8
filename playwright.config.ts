import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/setup/chromium.ts';

/**
 * End-to-end tests drive the built app, served by the real server on the embedded database, in Debian's
 * Chromium (never a browser Playwright downloads). The servers and the OIDC provider start in global setup on
 * free ports; tests reach them through the fixtures in tests/e2e/fixtures.ts.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // CI runs this after twenty minutes of other suites on a two-core machine, where a page that loads in one second
  // here has taken three: the limits there are wider, and a test that fails once is run again and reported as
  // flaky (the list names it), so a slow machine is not read as a broken app.
  retries: process.env.CI ? 1 : 0,
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The service worker answers API reads from its cache when the network fails, which would hide what the
    // other specs check; tests/e2e/offline.spec.ts turns it on for what it is there for.
    serviceWorkers: 'block',
  },
});
