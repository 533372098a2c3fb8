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
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
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
