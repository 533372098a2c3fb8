import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { messageCatalogues } from './scripts/message-catalogues.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/server-global-setup.ts'],
          setupFiles: ['tests/setup/loud-test-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files of a worker share one module graph: each file building the app again (its routes, the
          // database's migrations, PGlite's WebAssembly) took three quarters of the suite's time. Every file
          // builds its own app and database (tests/setup/test-app.ts), so none sees another's rows.
          isolate: false,
        },
      },
      {
        // Two real server processes on the machine's PostgreSQL and Redis: its own project, so the
        // server project above never needs either. `npm run test:scale-out`; `npm test` runs it after the build.
        test: {
          name: 'scale-out',
          environment: 'node',
          include: ['tests/scale-out/**/*.test.ts'],
          globalSetup: ['tests/setup/built-app-global-setup.ts'],
          setupFiles: ['tests/setup/loud-test-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react(), messageCatalogues()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/loud-test-env.ts', 'tests/setup/web-test-env.ts'],
          // One module graph for the files of a worker, as on the server: loading React, the router and the
          // catalogues again for every file was nine tenths of the suite. Module mocks go in the setup file.
          isolate: false,
        },
      },
    ],
  },
});
